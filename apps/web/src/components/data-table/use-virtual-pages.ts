import { useEffect, useRef, useState } from 'react'
import type { Query } from '@feathersjs/feathers'
import type { ListServicePath } from '@emporia/shared'
import { useSession } from '../../lib/auth'
import { pageOf, resourceApi, resourceService, type Row, type ServiceEvents } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { VIRTUAL_LOAD_INTERVAL_MS } from '../../lib/table/paging'
import { pagesForRange, pagesToDrop } from '../../lib/table/virtual-window'

interface Store {
  total: number
  /** The total is a search's capped count (decision 0101): at least this many rows, maybe more. */
  atLeast?: boolean
  pages: Map<number, Row[]>
}

// Per user (spec §2.12): coming back to a list shows what was loaded; another user never sees it.
const caches = new Map<string, Store>()

/** Spec §6.5: which realtime events a virtual table applies (all by default). */
export interface LiveFlags {
  patch?: boolean
  create?: boolean
  remove?: boolean
}

/**
 * Rows of a virtual table, loaded by fixed windows of `pageSize` as they come into view, at
 * most one load per 500 ms while scrolling (spec §9.3), with pages far from view dropped.
 */
export const useVirtualPages = (path: ListServicePath, query: Query, pageSize: number, flags: LiveFlags = {}) => {
  const user = useSession().user?._id ?? ''
  const shop = useCurrentShopId()
  const key = `${user}:${shop}:${path}:${JSON.stringify(query)}:${pageSize}`
  const [store, setStore] = useState<Store>(() => caches.get(key) ?? { total: -1, pages: new Map() })
  const [storeKey, setStoreKey] = useState(key)
  const pending = useRef(new Set<number>())
  // Bumped when a create / remove makes every loaded window stale: answers to older loads are dropped.
  const generation = useRef(0)
  const wanted = useRef<{ start: number; end: number }>({ start: 0, end: pageSize })
  const lastLoad = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  if (storeKey !== key) {
    setStoreKey(key)
    setStore(caches.get(key) ?? { total: -1, pages: new Map() })
  }

  const commit = (update: (current: Store) => Store) =>
    setStore((current) => {
      const next = update(current)
      caches.set(key, next)
      return next
    })

  const load = () => {
    timer.current = undefined
    if (!shop) return
    const { start, end } = wanted.current
    // The module cache holds the latest pages; this closure's `store` may be older.
    const latest = caches.get(key) ?? store
    const needed = pagesForRange(start, end, pageSize).filter((page) => !latest.pages.has(page) && !pending.current.has(page))
    if (latest.total < 0 && !needed.length && !pending.current.size) needed.push(0)
    if (!needed.length) return
    lastLoad.current = Date.now()
    const api = resourceApi(path)
    const loading = generation.current
    for (const page of needed) {
      pending.current.add(page)
      void api
        .find({ ...query, $limit: pageSize, $skip: page * pageSize })
        .then((result) => {
          if (loading !== generation.current) return
          const { total, data, totalPrecision } = pageOf(result)
          const atLeast = totalPrecision === 'atLeast'
          commit((current) => {
            const pages = new Map(current.pages).set(page, data)
            const center = Math.floor(wanted.current.start / pageSize)
            for (const drop of pagesToDrop([...pages.keys()], center, pageSize)) pages.delete(drop)
            // A deeper page's capped count reaches further (the server counts past the page asked).
            return { total: atLeast ? Math.max(total, current.total) : total, atLeast, pages }
          })
        })
        .finally(() => loading === generation.current && pending.current.delete(page))
    }
  }

  /** The rows in view changed: load what they need, no sooner than 500 ms after the last load. */
  const request = (start: number, end: number) => {
    wanted.current = { start, end }
    if (timer.current) return
    const wait = Math.max(0, lastLoad.current + VIRTUAL_LOAD_INTERVAL_MS - Date.now())
    timer.current = setTimeout(load, wait)
  }

  // The first window loads at once.
  useEffect(() => {
    if (store.total < 0) request(0, pageSize)
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, shop])

  // Realtime: a patch replaces the row in place; a create or remove shifts positions, so the pages reload.
  useEffect(() => {
    let source: ServiceEvents | undefined
    const onPatched = (row: Row) =>
      commit((current) => {
        let changed = false
        const pages = new Map(current.pages)
        for (const [index, rows] of pages) {
          const at = rows.findIndex((item) => item._id === row._id)
          if (at >= 0) {
            pages.set(
              index,
              rows.map((item, i) => (i === at ? row : item))
            )
            changed = true
          }
        }
        return changed ? { ...current, pages } : current
      })
    const onShift = () => {
      // The count stays until the reload answers: a list of no rows would lose the scroll position.
      generation.current += 1
      pending.current.clear()
      commit((current) => ({ ...current, pages: new Map() }))
      setTimeout(() => request(wanted.current.start, wanted.current.end), 0)
    }
    let stopped = false
    void resourceService(path).then((service) => {
      if (stopped) return
      source = service
      if (flags.patch !== false) source.on('patched', onPatched)
      if (flags.create !== false) source.on('created', onShift)
      if (flags.remove !== false) source.on('removed', onShift)
    })
    return () => {
      stopped = true
      source?.removeListener('patched', onPatched)
      source?.removeListener('created', onShift)
      source?.removeListener('removed', onShift)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, flags.patch, flags.create, flags.remove])

  const rowAt = (index: number): Row | undefined => store.pages.get(Math.floor(index / pageSize))?.[index % pageSize]
  return { total: store.total, atLeast: Boolean(store.atLeast), rowAt, request, loadedPages: store.pages.size }
}
