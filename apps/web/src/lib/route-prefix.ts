/** A shop id as it appears in a route: 24 lowercase hex characters (spec §9.1). */
export const SHOP_ID_RE = /^[0-9a-f]{24}$/
const PREFIXED_RE = /^\/[0-9a-f]{24}(\/|$|\?|#)/

/**
 * Link targets under a shop-prefixed route keep the shop (spec §2.1): `/orders` becomes
 * `/{shop}/orders` unless the target already starts with a shop id. Relative and external
 * targets are left alone.
 */
export const prefixPath = (target: string, shop: string | undefined): string => {
  if (!shop || !target.startsWith('/') || target.startsWith('//')) return target
  if (PREFIXED_RE.test(target)) return target
  return target === '/' ? `/${shop}/` : `/${shop}${target}`
}

/** The shop id a pathname starts with, if any. */
export const shopInPath = (pathname: string): string | undefined => {
  const first = pathname.split('/')[1] ?? ''
  return SHOP_ID_RE.test(first) ? first : undefined
}

/** The pathname without its shop prefix ('/{shop}/orders' → '/orders'). */
export const stripShop = (pathname: string): string => {
  const shop = shopInPath(pathname)
  return shop ? pathname.slice(shop.length + 1) || '/' : pathname
}
