import sanitize from 'sanitize-html'
import { safeLinkHref } from '@emporia/shared'

/*
 * Rich text (`html` props, §5.6 / §9.5) is merchant-written HTML shown on a public storefront: it is
 * cut down to an allowlist on every write (components service) and again at render time (the
 * storefront), so a stored value written before a rule tightened is never trusted either.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']
const TEXT = ['p', 'br', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark']
const BLOCKS = ['blockquote', 'pre', 'code', 'hr', 'ul', 'ol', 'li']

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)$/i,
  /^[a-z]{3,20}$/i
]
const FONT_SIZE = [
  /^\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt|vw|vh)$/,
  /^(x{0,2}-small|small|medium|large|x{0,2}-large|smaller|larger)$/
]

/** Own media (attachments' public addresses, §7.6): the only images that are not http(s). */
const OWN_MEDIA = /^\/api\/(files|attachments|thumbs)\/[0-9a-f]{24}[./a-z]*$/
/** What a link's `rel` may say when it opens in the same tab (a new tab gets its own, below). */
const SAFE_REL = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored'])
const SAFE_IMAGE = (src: string) => /^https?:\/\//i.test(src) || OWN_MEDIA.test(src)

const options: sanitize.IOptions = {
  allowedTags: [...TEXT, ...HEADINGS, ...BLOCKS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style']
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': FONT_SIZE
    }
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Whatever is dropped leaves its text, never its markup: `<script>` and `<style>` bodies go entirely.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      // Links: http(s), mailto, tel, or a path of the shop's own site (never `//host`, never `javascript:`).
      const href = safeLinkHref(attribs.href ?? '')
      const kept: Record<string, string> = { ...attribs }
      if (href) kept.href = href
      else delete kept.href
      // A new tab never hands the storefront's window to the opened page.
      if (kept.target) {
        kept.target = '_blank'
        kept.rel = 'noopener noreferrer'
      } else if (kept.rel !== undefined) {
        const rel = kept.rel
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => SAFE_REL.has(word))
        if (rel.length) kept.rel = [...new Set(rel)].join(' ')
        else delete kept.rel
      }
      return { tagName, attribs: kept }
    }
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE((frame.attribs.src ?? '').trim())
}

/** Merchant HTML cut down to the storefront's allowlist (decision 0107); the same on write and at render. */
export const sanitizeHtml = (html: string): string => sanitize(html, options)
