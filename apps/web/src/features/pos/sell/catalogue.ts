import { useCallback, useEffect, useRef, useState } from 'react'
import { servicePaths, type PosCatalogue } from '@emporia/shared'
import { shopApi } from '../../../lib/resource-client'
import type { CatalogueIndex } from '../pos-types'
import { fetchWholePacked, mergeIntoPacked, storedPack, takeEarlyStart, type CatalogueStart } from './catalogue-load'
import { indexOfPacked, packNeedsFullLoad, type PackedCatalogue } from './catalogue-pack'
import { dbPut } from './pos-db'

/*
 * The till's catalogue (decisions 0098, 0144): the stored copy first (the till opens offline and at once),
 * then `pos/catalogue {since: version}` for what changed, stored again. A full load only when nothing is
 * stored. The whole catalogue comes over REST in its lean form, gzipped as the server keeps it (decision
 * 0096), and is packed by the catalogue worker; what is stored is the pack, read back as it was kept.
 */

export interface CatalogueState {
  index: CatalogueIndex | null
  /** What the till holds: the catalogue's version, how many products and the categories. */
  catalogue: Pick<PackedCatalogue, 'version' | 'total' | 'size' | 'categories'> | null
  /** The server's copy is being fetched. */
  loading: boolean
  error: unknown
  refresh(): Promise<void>
}

const sameCategories = (a: PosCatalogue['categories'], b: PosCatalogue['categories']) =>
  a === b || JSON.stringify(a) === JSON.stringify(b)

export const useCatalogue = (shop: string | undefined): CatalogueState => {
  const [catalogue, setCatalogue] = useState<PackedCatalogue | null>(null)
  const [index, setIndex] = useState<CatalogueIndex | null>(null)
  // Loading from the first render: the stored copy or the start begun with the app is awaited first.
  const [loading, setLoading] = useState(Boolean(shop))
  const [error, setError] = useState<unknown>(null)
  const current = useRef<PackedCatalogue | null>(null)

  const show = useCallback((next: PackedCatalogue) => {
    current.current = next
    setCatalogue(next)
    setIndex(indexOfPacked(next))
  }, [])

  const refresh = useCallback(
    async (start?: Promise<CatalogueStart>) => {
      if (!shop) return
      setLoading(true)
      try {
        const base = current.current
        let next: PackedCatalogue | null = null
        const begun = start && (await start.catch(() => null))
        if (begun && 'whole' in begun) next = begun.whole
        else {
          if (!base) next = await fetchWholePacked(shop)
          else {
            const delta = (await shopApi(servicePaths.posCatalogue).find({ since: base.version })) as PosCatalogue
            const categories = delta.categories.length ? delta.categories : base.categories
            if (delta.products.length || delta.removed.length) next = await mergeIntoPacked(base, delta)
            else if (delta.version !== base.version || delta.total !== base.total || !sameCategories(categories, base.categories))
              // Nothing sold changed: the pack is kept, its head follows the answer.
              next = { ...base, version: delta.version ?? base.version, total: delta.total, categories }
            if (next && packNeedsFullLoad(next)) next = await fetchWholePacked(shop)
            else if (!next && packNeedsFullLoad({ total: delta.total, size: base.size })) next = await fetchWholePacked(shop)
          }
        }
        setError(null)
        // Nothing new: neither the index nor the stored copy is redone.
        if (!next) return
        show(next)
        await dbPut('catalogue', shop, next)
      } catch (caught) {
        setError(caught)
      } finally {
        setLoading(false)
      }
    },
    [shop, show]
  )

  useEffect(() => {
    if (!shop) return
    let live = true
    current.current = null
    // The till's mount, for the bench: the pack may be in before the app has got this far.
    performance.mark('pos-catalogue-wanted')
    // Begun with the app when it opened on the till (catalogue-load.ts), else now.
    const early = takeEarlyStart(shop)
    void (async () => {
      const begun = early ? await early.catch(() => null) : null
      const stored = begun && 'stored' in begun ? begun.stored : begun ? undefined : await storedPack(shop)
      if (!live) return
      if (stored) show(stored)
      await refresh(begun && 'whole' in begun ? early : undefined)
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

  const again = useCallback(() => refresh(), [refresh])
  return { index, catalogue, loading, error, refresh: again }
}
