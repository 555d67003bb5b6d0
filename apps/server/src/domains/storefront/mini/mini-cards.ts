import { fromCents, pickTran, type LocaleId } from '@emporia/shared'

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)
const OBJECT_ID = /^[0-9a-f]{24}$/

/** A product as the mini-program lists it (decision 0206). */
export interface MiniCard {
  _id: string
  name: string
  image?: string
  /** Money text without symbol, "12.50" (the shop's symbol is the home's `shop.symbol`). */
  price: string
  soldOut: boolean
}

/**
 * An image reference (§3.6 imageRef) as an absolute address the mini-program can load from anywhere:
 * an upload's medium JPEG under the request's origin, a stored `src` as it is (made absolute when it is
 * a path of ours). Anything else: undefined.
 */
export const miniImage = (value: unknown, origin: string): string | undefined => {
  if (typeof value === 'string') return miniImage({ src: value }, origin)
  if (!isRecord(value)) return undefined
  const attachment = typeof value.attachment === 'string' ? value.attachment.trim() : ''
  if (value.type === 'attachment' && OBJECT_ID.test(attachment)) return `${origin}/api/files/${attachment}.medium.jpg`
  const src = typeof value.src === 'string' ? value.src.trim() : ''
  if (/^https?:\/\/[^\s"'<>]+$/i.test(src)) return src
  if (/^\/[^/\s"'<>][^\s"'<>]*$/.test(src)) return `${origin}${src}`
  return undefined
}

/** Integer cents as the mini-program's money text ("12.50"); anything else "0.00". */
export const miniMoney = (cents: unknown) => fromCents(typeof cents === 'number' && Number.isSafeInteger(cents) ? cents : 0)

/** A product as the storefront's catalogue answers it (`publicProduct`), as a card. */
export const miniCard = (product: Row, locale: LocaleId, origin: string): MiniCard => {
  const [first] = Array.isArray(product.images) ? product.images : []
  const image = miniImage(first, origin)
  return {
    _id: String(product._id),
    name: pickTran(product.name, locale),
    ...(image ? { image } : {}),
    price: miniMoney(product.priceCents),
    soldOut: product.soldOut === true
  }
}
