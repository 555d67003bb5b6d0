import type { PublishedSite } from '../eshop/published-site'

export type { PublishedSite } from '../eshop/published-site'

/** Reads a shop's published site; null when the shop never published (part A's cached `publishedSite`). */
export type LoadSite = (shopId: string) => Promise<PublishedSite | null>
