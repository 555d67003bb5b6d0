import sanitize from 'sanitize-html'

/*
 * Rich text (`html` props, product content) made safe at render time, whatever was stored: text
 * formatting, headings, lists, links (http(s), mailto, tel, own paths) and images; styles limited to
 * colours, alignment and sizes. Part A sanitises on write with the same allowlist
 * (apps/server/src/eshop/sanitize-html.ts); once merged, this delegates to its `sanitizeHtml`.
 */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i]
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td'
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    '*': ['style', 'class']
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'text-decoration': [/^(underline|line-through|none)$/]
    }
  },
  transformTags: {
    // Links leaving the shop open apart and hand it nothing (reverse tabnabbing).
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } })
  }
}
// loading / decoding are ours (added above), so allow them on images only after the transform.
OPTIONS.allowedAttributes = {
  ...(OPTIONS.allowedAttributes as Record<string, string[]>),
  img: ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding']
}

/** Rich text with only the allowlisted markup left: scripts, event handlers and `javascript:` links gone. */
export const sanitizeHtml = (html: string): string => (html ? sanitize(html, OPTIONS) : '')
