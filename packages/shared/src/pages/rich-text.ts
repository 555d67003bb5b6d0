// An editor's empty document: paragraphs holding nothing but line breaks, non-breaking spaces or blanks.
const EMPTY_PARAGRAPHS = /^(\s|<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)*$/i

/** What the rich-text field stores (§5.6): an empty paragraph is stored as an empty string. */
export const richTextEntry = (html: string): string => (html.length <= 1000 && EMPTY_PARAGRAPHS.test(html) ? '' : html)

/** Longest link a rich text keeps (a browser's practical limit is far above what a merchant types). */
export const MAX_LINK_LENGTH = 2000
// A host of letters, digits and hyphens in dot-separated labels, an optional port; no `user@` (a link that
// reads as one site and goes to another).
const HTTP =
  /^https?:\/\/([\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)*[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(:\d{1,5})?([/?#]|$)/iu
const MAILTO = /^mailto:[^@/?#]+@[^@/?#]+\.[^@/?#]+(\?.*)?$/i
const TEL = /^tel:\+?[0-9()./-]{3,32}$/i
// A path of the shop's own site: one slash first, never `//host` (a protocol-relative link elsewhere).
const OWN_PATH = /^\/(?![/])/
const ANCHOR = /^#[^#]*$/

/**
 * The address a rich-text link may hold (§2.10, decision 0191): http(s) with a host, `mailto:` an
 * address, `tel:` a number, a path of the shop's own site or an anchor; undefined for anything else
 * (`javascript:`, `data:`, `//host`, a backslash that browsers read as a slash, spaces, control
 * characters). The storefront's sanitiser and the editor's link dialog ask the same question.
 */
export const safeLinkHref = (input: string): string | undefined => {
  const href = input.trim()
  if (
    !href ||
    href.length > MAX_LINK_LENGTH ||
    [...href].some((letter) => /[\s\\]/.test(letter) || letter.charCodeAt(0) < 0x20 || letter.charCodeAt(0) === 0x7f)
  )
    return undefined
  return HTTP.test(href) || MAILTO.test(href) || TEL.test(href) || OWN_PATH.test(href) || ANCHOR.test(href) ? href : undefined
}

/** A text colour as rich text stores it: `#rrggbb`, lower case. */
export const RICH_TEXT_COLOUR = /^#[0-9a-f]{6}$/

/** `#rgb`, `#rrggbb` (the `#` optional, any case) as `#rrggbb`; undefined for anything else. */
export const richTextColour = (input: string): string | undefined => {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim())
  if (!match) return undefined
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  return `#${digits.toLowerCase()}`
}
