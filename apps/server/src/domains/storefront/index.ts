// The storefront (issue 18, decision 0108): server-rendered shop sites behind their hosts and `/s/{subdomain}`.
export { createStorefront, type Storefront, type StorefrontOptions } from './storefront'
export {
  registerStorefrontHandler,
  registerStorefrontRoute,
  storefrontRoutes,
  type StorefrontAnswer,
  type StorefrontHandler,
  type StorefrontPage,
  type StorefrontRequest,
  type StorefrontRoute
} from './routes'
export { storefrontTarget, ShopLookup, type HostResolver, type StorefrontShop, type StorefrontTarget } from './shop-by-host'
export { VISIBLE_PRODUCTS, publicProduct } from './catalogue'
export type { LoadSite, PublishedSite } from './site'
