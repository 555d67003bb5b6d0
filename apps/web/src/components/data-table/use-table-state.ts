import { useState } from 'react'
import { useLocation, useRouter } from '@tanstack/react-router'
import { defaultTableState, readTableState, writeTableState, type TableUrlState } from '../../lib/table/url-state'

/**
 * The table's page, sort, filter and open editor: in the URL under `urlKey` when given (spec
 * §2.12, so a reload or a shared link shows the same list; `TOP_LEVEL_STATE` as its own parameters),
 * else in memory.
 */
export const useTableState = (urlKey: string | undefined, defaults: Partial<TableUrlState> = {}) => {
  const router = useRouter()
  const location = useLocation()
  const [local, setLocal] = useState<TableUrlState>(() => ({ ...defaultTableState(), ...defaults }))
  const inUrl = urlKey !== undefined
  const state = inUrl ? readTableState(location.searchStr, urlKey, defaults) : local

  const update = (patch: Partial<TableUrlState>, options: { push?: boolean } = {}) => {
    if (!inUrl) return setLocal((current) => ({ ...current, ...patch }))
    // Read the live URL: two updates in one tick must not overwrite each other.
    const current = readTableState(window.location.search, urlKey, defaults)
    const search = writeTableState(window.location.search, urlKey, { ...current, ...patch })
    const href = `${window.location.pathname}${search}`
    if (options.push) router.history.push(href)
    else router.history.replace(href)
  }
  return { state, update }
}
