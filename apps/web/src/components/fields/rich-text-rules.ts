import { richTextColour, safeLinkHref } from '@emporia/shared'

// A bare host as a merchant types it (`example.com/tea`): a dotted name, then a path or nothing.
const BARE_HOST = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]|$)/u

/**
 * The address typed into the link dialog, as the link will hold it (decision 0191): http(s), mailto,
 * tel, a path of the shop's own site or an anchor; a bare host gets `https://`. Undefined when the
 * address is not one a link may hold (`javascript:` and the like never are).
 */
export const linkHref = (input: string): string | undefined => {
  const text = input.trim()
  const tel = /^tel:/i.test(text) ? text.replace(/\s+/g, '') : text
  return safeLinkHref(tel) ?? (BARE_HOST.test(text) ? safeLinkHref(`https://${text}`) : undefined)
}

/** A link to another site opens in a new tab; the shop's own paths, anchors, mail and phone links do not. */
export const linkTarget = (href: string): '_blank' | null => (/^https?:/i.test(href) ? '_blank' : null)

const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i

/** A colour as hex: `#rgb`/`#rrggbb`, or the opaque `rgb(r, g, b)` a browser writes a hex colour back as. */
const hexOf = (value: string): string | undefined => {
  const rgb = RGB.exec(value.trim())
  if (!rgb) return richTextColour(value)
  const bytes = [rgb[1], rgb[2], rgb[3]].map(Number)
  return bytes.every((byte) => byte <= 255) ? `#${bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')}` : undefined
}

/**
 * The text colour an element's `style` attribute gives, as `#rrggbb` (`color: #f44336` as the editor
 * writes it, `color:#f44336` as the server's sanitiser gives it back, `color: rgb(244, 67, 54)` as a
 * browser serialises it); undefined otherwise (`background-color`, a named colour, anything else).
 */
export const colourOfStyle = (style: string | null | undefined): string | undefined => {
  if (!style) return undefined
  let colour: string | undefined
  for (const declaration of style.split(';')) {
    const [property, ...value] = declaration.split(':')
    if (property.trim().toLowerCase() === 'color') colour = hexOf(value.join(':'))
  }
  return colour
}

/**
 * The editor's HTML as it is stored: a text colour as hex (a browser's editor writes the mark's style
 * back as `rgb()`), and without the empty paragraph the editor keeps after a last heading or list.
 */
export const tidyEditorHtml = (html: string): string =>
  html
    .replace(/<span style="([^"<>]*)">/g, (tag, style: string) => {
      const colour = colourOfStyle(style)
      return colour ? `<span style="color: ${colour};">` : tag
    })
    .replace(/(<p><\/p>)+$/, '')

/** The text-style select's values: a paragraph or heading levels 1–6 (spec §9.5). */
export const headingLevels = [1, 2, 3, 4, 5, 6] as const
export type HeadingLevel = (typeof headingLevels)[number]
export type TextStyleValue = 'paragraph' | `h${HeadingLevel}`
export const textStyleValues: readonly TextStyleValue[] = ['paragraph', ...headingLevels.map((level) => `h${level}` as const)]
