import { baseCss, escapeText } from '@emporia/theme'
import type { LocaleId } from '@emporia/shared'
import { htmlLang, ogLocale } from './locale'

/** The head of a storefront page: SEO (§ issue 18), social previews, structured data, the theme's look. */
export interface DocumentHead {
  locale: LocaleId
  title: string
  description?: string
  keywords?: string
  /** Absolute address of this page without its query (search engines file it under this one). */
  canonical?: string
  siteName: string
  ogType?: 'website' | 'product'
  ogImage?: string
  favicon?: string
  themeColor?: string
  /** Structured data (JSON-LD objects). */
  jsonLd?: readonly object[]
  /** `:root{--ef-…}` from the theme's colours and font. */
  variables: string
  noindex?: boolean
  /** The installed app's manifest and worker (decision 0202); omitted when the shop offers no app. */
  app?: { manifest: string; worker: string; scope: string; icon: string }
  /** The islands script's address; omitted on pages with no island. */
  script?: string
}

const attr = (value: string) => escapeText(value)
const meta = (name: string, content: string | undefined, key: 'name' | 'property' = 'name') =>
  content ? `<meta ${key}="${name}" content="${attr(content)}">` : ''
// `</script>` or `<!--` inside a value would end the block: `<` is written as its JSON escape.
const jsonScript = (value: object) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`

/** A whole storefront page: the head above and the server-rendered body. */
export const htmlDocument = (head: DocumentHead, body: string) =>
  [
    '<!doctype html>',
    `<html lang="${htmlLang(head.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeText(head.title)}</title>`,
    meta('description', head.description),
    meta('keywords', head.keywords),
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.canonical ? `<link rel="canonical" href="${attr(head.canonical)}">` : '',
    meta('og:title', head.title, 'property'),
    meta('og:description', head.description, 'property'),
    meta('og:type', head.ogType ?? 'website', 'property'),
    meta('og:url', head.canonical, 'property'),
    meta('og:image', head.ogImage, 'property'),
    meta('og:site_name', head.siteName, 'property'),
    meta('og:locale', ogLocale(head.locale), 'property'),
    meta('twitter:card', head.ogImage ? 'summary_large_image' : 'summary'),
    // Without an icon of its own the page names an empty one: browsers then ask for no /favicon.ico.
    `<link rel="icon" href="${head.favicon ? attr(head.favicon) : 'data:,'}">`,
    meta('theme-color', head.themeColor),
    head.app
      ? `<link rel="manifest" href="${attr(head.app.manifest)}" data-worker="${attr(head.app.worker)}" data-scope="${attr(head.app.scope)}">` +
        `<link rel="apple-touch-icon" href="${attr(head.app.icon)}">`
      : '',
    `<style>${head.variables}${baseCss}</style>`,
    ...(head.jsonLd ?? []).map(jsonScript),
    head.script ? `<script src="${attr(head.script)}" defer></script>` : '',
    '</head>',
    `<body>${body}</body>`,
    '</html>'
  ]
    .filter(Boolean)
    .join('')
