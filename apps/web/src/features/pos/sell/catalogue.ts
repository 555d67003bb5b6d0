import { useCallback, useEffect, useRef, useState } from 'react'
import { servicePaths } from '@emporia/shared'
import { TOKEN_KEY } from '../../../lib/client'
import { shopApi } from '../../../lib/resource-client'
import type { CatalogueIndex } from '../pos-types'
import { buildCatalogueIndex, mergeCatalogue, needsFullLoad, type CatalogueData } from './catalogue-index'
import { dbGet, dbPut } from './pos-db'

/*
 * The till's catalogue (decision 0098): the stored copy first (the till opens offline and at once), then
 * `pos/catalogue {since: version}` for what changed, stored again. A full load only when nothing is stored.
 */

export interface CatalogueState {
  index: CatalogueIndex | null
  catalogue: CatalogueData | null
  /** The server's copy is being fetched. */
  loading: boolean
  error: unknown
  refresh(): Promise<void>
}

/**
 * The whole catalogue comes over REST: the server sends it gzipped as it built it (decision 0096), about a
 * tenth of the socket's plain JSON for 100,000 products. What changed since comes over the socket.
 */
const fetchWhole = async (shop: string): Promise<CatalogueData> => {
  const token = localStorage.getItem(TOKEN_KEY) ?? ''
  const response = await fetch(`/api/${servicePaths.posCatalogue}?shop=${encodeURIComponent(shop)}`, {
    headers: { authorization: `Bearer ${token}` }
  })
  if (!response.ok) throw (await response.json().catch(() => ({ message: response.statusText }))) as unknown
  return (await response.json()) as CatalogueData
}

const fetchCatalogue = async (shop: string, since: string | null): Promise<CatalogueData> =>
  since ? shopApi(servicePaths.posCatalogue).find({ since }) : fetchWhole(shop)

export const useCatalogue = (shop: string | undefined): CatalogueState => {
  const [catalogue, setCatalogue] = useState<CatalogueData | null>(null)
  const [index, setIndex] = useState<CatalogueIndex | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const current = useRef<CatalogueData | null>(null)

  const show = useCallback((next: CatalogueData) => {
    current.current = next
    setCatalogue(next)
    setIndex(buildCatalogueIndex(next))
  }, [])

  const refresh = useCallback(async () => {
    if (!shop) return
    setLoading(true)
    try {
      const base = current.current
      const answer = await fetchCatalogue(shop, base?.version ?? null)
      let next = base ? mergeCatalogue(base, answer) : answer
      if (base && needsFullLoad(next)) next = await fetchCatalogue(shop, null)
      const changed =
        !base ||
        next.products !== base.products ||
        next.version !== base.version ||
        JSON.stringify(next.categories) !== JSON.stringify(base.categories)
      setError(null)
      // Nothing new: neither the index nor the stored copy (tens of megabytes at 100,000 products) is redone.
      if (!changed) return
      show(next)
      await dbPut('catalogue', shop, next)
    } catch (caught) {
      setError(caught)
    } finally {
      setLoading(false)
    }
  }, [shop, show])

  useEffect(() => {
    if (!shop) return
    let live = true
    current.current = null
    void (async () => {
      const stored = await dbGet<CatalogueData>('catalogue', shop)
      if (!live) return
      if (stored) show(stored)
      await refresh()
    })()
    return () => {
      live = false
    }
  }, [shop, refresh, show])

  // Back online: fetch what changed meanwhile.
  useEffect(() => {
    const online = () => void refresh()
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [refresh])

  return { index, catalogue, loading, error, refresh }
}
