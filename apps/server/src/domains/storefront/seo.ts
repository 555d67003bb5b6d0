import { pickTran, type LocaleId, type ShopPage, type Theme } from '@emporia/shared'

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Markup out, whitespace folded, cut at a word near `max`: a description search engines show. */
export const plainText = (html: string, max = 300) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max).replace(/\s+\S*$/, '')}…` : text
}

/** The first non-empty text in the page's language. */
const first = (locale: LocaleId, ...values: unknown[]) => {
  for (const value of values) {
    const text = pickTran(value, locale).trim()
    if (text) return text
  }
  return ''
}

export interface SeoFields {
  title: string
  description: string
  keywords: string
}

/** Title, description and keywords: the page's SEO, then the product's, then the theme's, then the shop's name. */
export const seoFields = (
  locale: LocaleId,
  shopName: string,
  page: ShopPage | undefined,
  theme: Theme | null,
  product?: Row
): SeoFields => {
  const productSeo = isRecord(product?.seo) ? product.seo : {}
  const productName = product ? pickTran(product.name, locale) : ''
  const pageTitle = first(locale, page?.seo?.title)
  const title = productName
    ? `${productName} | ${shopName}`
    : pageTitle ||
      first(locale, theme?.seo?.title) ||
      [pickTran(page?.name, locale), shopName].filter(Boolean).join(' | ') ||
      shopName
  const description =
    first(locale, page?.seo?.description, productSeo.description) ||
    (product ? plainText(first(locale, product.desc, product.content)) : '') ||
    first(locale, theme?.seo?.description)
  const keywords = first(locale, page?.seo?.keywords, productSeo.keywords, theme?.seo?.keywords)
  return { title, description, keywords }
}

/** An image prop's absolute address for previews (the 1200w jpg of an upload: every crawler reads jpg). */
export const absoluteImage = (image: unknown, origin: string): string | undefined => {
  if (!isRecord(image)) return undefined
  if (image.type === 'attachment' && typeof image.attachment === 'string' && /^[0-9a-f]{24}$/.test(image.attachment))
    return `${origin}/api/files/${image.attachment}.large.jpg`
  const src = typeof image.src === 'string' ? image.src.trim() : ''
  if (/^https?:\/\/[^\s"<>]+$/i.test(src)) return src
  return /^\/[^/\s"<>][^\s"<>]*$/.test(src) ? `${origin}${src}` : undefined
}

/** Structured data of a product page (schema.org Product with its offer in HKD). */
export const productJsonLd = (product: Row, locale: LocaleId, url: string, origin: string, shopName: string) => {
  const images = (Array.isArray(product.images) ? product.images : []).flatMap((image) => absoluteImage(image, origin) ?? [])
  const cents = typeof product.dpriceCents === 'number' ? product.dpriceCents : Number(product.priceCents ?? 0)
  // Whether or not the shop shows stock counts, the public data says in stock or not.
  const inStock = product.inStock === true
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: pickTran(product.name, locale),
    description: plainText(first(locale, product.desc, product.content), 500) || undefined,
    image: images.length ? images : undefined,
    sku: String(product._id),
    brand: { '@type': 'Brand', name: shopName },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'HKD',
      price: (cents / 100).toFixed(2),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock'
    }
  }
}
