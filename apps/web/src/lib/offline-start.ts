import type { Shop, User } from '@emporia/shared'

/*
 * A till opened with no network (decision 0140): the signed-in user and their shop list, as the server
 * last gave them, kept in this browser so that a page loaded offline starts signed in, on its shop. The
 * stored token is what the server will check when the network returns (a refused one signs out then).
 * Only a device that was signed in here keeps them; signing out forgets them.
 */

const USER_KEY = 'emporia-offline-user'
const SHOPS_KEY = 'emporia-offline-shops'

const read = <T>(key: string): T | undefined => {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? undefined
  } catch {
    return undefined
  }
}

const write = (key: string, value: unknown) => {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage refused (private mode, full): the page just needs the network to start.
  }
}

/** No network now, as the browser says it. */
export const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

export const rememberUser = (user: User) => write(USER_KEY, user)
export const rememberedUser = (): User | undefined => read<User>(USER_KEY)

/** The user's shops, kept under their id: another user's list is never shown. */
export const rememberShops = (user: string | undefined, shops: Shop[]) => {
  if (user) write(SHOPS_KEY, { user, shops })
}
export const rememberedShops = (): Shop[] | undefined => {
  const kept = read<{ user: string; shops: Shop[] }>(SHOPS_KEY)
  return kept && kept.user === rememberedUser()?._id ? kept.shops : undefined
}

export const forgetOfflineStart = () => {
  try {
    localStorage.removeItem(USER_KEY)
    localStorage.removeItem(SHOPS_KEY)
  } catch {
    // Nothing kept.
  }
}
