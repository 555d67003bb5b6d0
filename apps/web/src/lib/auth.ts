import { useSyncExternalStore } from 'react'
import { servicePaths, type User } from '@emporia/shared'
import { clientRequested, hasStoredToken, loadClient } from './client'
import type { RegisterData } from './feathers-client'
import { deviceOffline, forgetOfflineStart, rememberedUser, rememberUser } from './offline-start'

export type SessionStatus = 'restoring' | 'signed-out' | 'signed-in'

export interface Session {
  status: SessionStatus
  user?: User
}

interface AuthResult {
  accessToken: string
  user: User
}

type AuthEvent = 'login' | 'logout'

let session: Session = { status: 'restoring' }
const listeners = new Set<() => void>()
const eventListeners = new Set<(event: AuthEvent) => void>()
let settle: (() => void) | undefined
/** Resolves once the stored token has been checked (spec §4.4: once, on load). */
const settled = new Promise<void>((resolve) => (settle = resolve))

const setSession = (next: Session) => {
  session = next
  if (next.status !== 'restoring') settle?.()
  for (const listener of listeners) listener()
}

/** Login and logout as the rest of the app hears them (cache refresh and cleanup in the providers). */
export const onAuthEvent = (listener: (event: AuthEvent) => void) => {
  eventListeners.add(listener)
  return () => {
    eventListeners.delete(listener)
  }
}

let wired: ReturnType<typeof wire> | undefined

const wire = async () => {
  const { client, socket } = await loadClient()
  // The Feathers client emits `login` for every successful authentication, including its own
  // re-authentication after a reconnect, and `logout` after signing out.
  client.on('login', (result: AuthResult) => {
    rememberUser(result.user)
    setSession({ status: 'signed-in', user: result.user })
    eventListeners.forEach((listener) => listener('login'))
  })
  client.on('logout', () => {
    forgetOfflineStart()
    setSession({ status: 'signed-out' })
    eventListeners.forEach((listener) => listener('logout'))
  })

  /**
   * The Feathers client re-authenticates by itself when the socket drops, but when that fails (token
   * expired, server secret changed) it only drops the token, without an event. So on every connect:
   * wait for that attempt; if it failed and a token is left, retry once, else the session is over.
   */
  const ensureAuthenticated = async () => {
    const current = (await Promise.resolve(client.get('authentication') as Promise<AuthResult> | null).catch(() => null)) ?? null
    if (current) return
    const token = await client.authentication.getAccessToken()
    if (!token) {
      if (session.status === 'signed-in') setSession({ status: 'signed-out' })
      return
    }
    await client.reAuthenticate(true).catch(() => setSession({ status: 'signed-out' }))
  }
  socket.on('connect', () => void ensureAuthenticated())
  return client
}

/** The client, with the session wired to its events. */
export const authClient = () => (wired ??= wire())

let started = false
const start = () => {
  if (started) return
  started = true
  // No stored token: signed out, and no need for the client yet.
  if (!hasStoredToken()) return setSession({ status: 'signed-out' })
  // Opened with no network (a till, decision 0140): the user as last signed in here; the socket's
  // `connect` re-authenticates when the network returns, and a refused token signs out then.
  const kept = deviceOffline() ? rememberedUser() : undefined
  if (kept) {
    setSession({ status: 'signed-in', user: kept })
    void authClient()
    return
  }
  // A stored token restores the session on page load; on a 401 this settles as signed out.
  void authClient()
    .then((client) => client.reAuthenticate())
    .catch(() => setSession({ status: 'signed-out' }))
}

const subscribe = (listener: () => void) => {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSession = (): Session => useSyncExternalStore(subscribe, () => session)

/** The session once the stored token has been tried: what the check-auth step waits for. */
export const settledSession = async (): Promise<Session> => {
  start()
  await settled
  return session
}

/** `totp`: the second step's code (decision 0136), sent with the same e-mail and password. */
export const signIn = async (email: string, password: string, totp?: string): Promise<User> => {
  const client = await authClient()
  const result = (await client.authenticate({
    strategy: 'local',
    email,
    password,
    ...(totp === undefined ? {} : { totp })
  })) as AuthResult
  return result.user
}

/** Registration creates the user, then logs in with the same e-mail and password (spec §4.4). */
export const register = async (data: Omit<RegisterData, 'agreeTerms'>): Promise<User> => {
  const client = await authClient()
  await client.service(servicePaths.users).create({ ...data, agreeTerms: true })
  return signIn(data.email, data.password)
}

/** Replaces the signed-in user after a change the server answered with (verify, profile). */
export const updateSessionUser = (user: User) => {
  if (session.status === 'signed-in' && session.user?._id === user._id) setSession({ status: 'signed-in', user })
}

export const signOut = async (): Promise<void> => {
  forgetOfflineStart()
  if (clientRequested()) await (await authClient()).logout()
  // Without a token the client emits no `logout`; the session ends all the same.
  if (session.status !== 'signed-out') setSession({ status: 'signed-out' })
}
