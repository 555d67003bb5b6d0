import type { SiteSnapshot } from '@emporia/shared'

/** What the storefront shows of a shop: its last published version (decision 0107's `publishedSite`). */
export interface PublishedSite {
  version: number
  snapshot: SiteSnapshot
}

/** Reads a shop's published site; null when the shop never published. */
export type LoadSite = (shopId: string) => Promise<PublishedSite | null>

type Row = Record<string, unknown>
interface VersionService {
  find(params: unknown): Promise<unknown>
  get(id: string, params: unknown): Promise<unknown>
}

/**
 * A shop's published site read through the `siteVersions` service (part A): its highest version, got
 * with its snapshot. Until part A's cached `publishedSite` is wired in, this is the loader; null while
 * the service is not registered.
 */
export const siteFromVersions =
  (services: Record<string, unknown>, service: () => VersionService | undefined): LoadSite =>
  async (shop) => {
    const versions = service()
    if (!versions || !services.siteVersions) return null
    const found = (await versions.find({ query: { shop, $sort: { version: -1 }, $limit: 1 }, paginate: false })) as
      Row[] | { data: Row[] }
    const latest = Array.isArray(found) ? found[0] : found.data[0]
    if (!latest) return null
    const full = (await versions.get(String(latest._id), { query: { shop } })) as Row
    return full.snapshot ? { version: Number(full.version), snapshot: full.snapshot as PublishedSite['snapshot'] } : null
  }
