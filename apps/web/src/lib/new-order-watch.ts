import { isOnlineSource } from '@emporia/shared'
/**
 * Which realtime order events announce a new e-shop order (spec §2.6, §4.2): created or patched,
 * from an online source (`eshop`, `app`, `mini`), with status `prepare` or `paid`. Each order is announced once.
 */
export interface OrderProductLine {
  name?: unknown
  /** What the line keeps as sold (decision 0139): the product's and SKU's names, the product's image. */
  productName?: unknown
  skuName?: unknown
  image?: string | { type?: string; attachment?: string; src?: string; url?: string } | null
  images?: (string | { url?: string; src?: string })[]
  quantity?: number
  product?: { images?: (string | { url?: string; src?: string })[] } | string
}

export interface OrderEvent {
  _id: string
  shop?: string
  source?: string
  status?: string
  /** Integer cents (decision 0003); the popup shows `total`, else `amount`. */
  amount?: number
  total?: number
  products?: OrderProductLine[]
}

const ANNOUNCED_STATUSES = new Set(['prepare', 'paid'])

export const isNewEshopOrder = (order: unknown): order is OrderEvent => {
  if (typeof order !== 'object' || order === null) return false
  const candidate = order as Partial<OrderEvent>
  return typeof candidate._id === 'string' && isOnlineSource(candidate.source) && ANNOUNCED_STATUSES.has(candidate.status ?? '')
}

/** Remembers announced orders; `accept` answers true only the first time an order qualifies. */
export const createNewOrderWatch = (currentShop: () => string | undefined) => {
  const seen = new Set<string>()
  return {
    accept(order: unknown): order is OrderEvent {
      if (!isNewEshopOrder(order)) return false
      const shop = currentShop()
      // Events of another of the user's shops belong to that shop's screen, not this one.
      if (order.shop && shop && order.shop !== shop) return false
      if (seen.has(order._id)) return false
      seen.add(order._id)
      return true
    }
  }
}

const imageUrl = (image: string | { url?: string; src?: string; type?: string; attachment?: string } | null | undefined) =>
  typeof image === 'string'
    ? image
    : image?.type === 'attachment' && image.attachment
      ? `/api/thumbs/${image.attachment}`
      : (image?.url ?? image?.src)

/** What the popup shows: the first line (titled by lineTitle), how many more, and the total in cents. */
export const summarizeOrder = (order: OrderEvent) => {
  const [first, ...rest] = order.products ?? []
  const product = first?.product
  const image =
    imageUrl(first?.image) ??
    imageUrl(first?.images?.[0]) ??
    (typeof product === 'object' ? imageUrl(product?.images?.[0]) : undefined)
  // The order's total (§2.6): a `prepare` e-shop order awaiting its bank transfer has paid nothing yet.
  return { line: first ?? {}, image: image ?? undefined, more: rest.length, totalCents: order.total ?? order.amount ?? 0 }
}
