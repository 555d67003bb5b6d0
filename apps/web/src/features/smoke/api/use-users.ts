import { servicePaths } from '@emporia/shared'
import { useFind } from '../../../lib/query'

/** The users a signed-in account may see (for now: itself), kept live by the users service's events. */
export const useUsers = (enabled: boolean) => useFind(servicePaths.users, {}, { enabled })
