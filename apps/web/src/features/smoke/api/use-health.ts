import { servicePaths } from '@emporia/shared'
import { useFind } from '../../../lib/query'

/** `health` has no events; a slow poll notices a server that answers but cannot reach its database. */
export const useHealth = () => useFind(servicePaths.health, {}, { live: false, refetchInterval: 30_000 })
