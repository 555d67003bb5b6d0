import { useSyncExternalStore } from 'react'
import { servicePaths, type User } from '@emporia/shared'
import { client, socket } from './feathers-client'

export type SessionStatus = 'restoring' | 'signed-out' | 'signed-in'

export interface Session {
  status: SessionStatus
  user?: User
}

interface AuthResult {
  accessToken: string
  user: User
}

let session: Session = { status: 'restoring' }
const listeners = new Set<() => void>()

const setSession = (next: Session) => {
  session = next
  for (const listener of listeners) listener()
}

// The Feathers client emits `login` for every successful authentication, including its own
// re-authentication after a reconnect, and `logout` after signing out.
client.on('login', (result: AuthResult) => setSession({ status: 'signed-in', user: result.user }))
client.on('logout', () => setSession({ status: 'signed-out' }))

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
    if (session.status !== 'signed-out') setSession({ status: 'signed-out' })
    return
  }
  await client.reAuthenticate(true).catch(() => setSession({ status: 'signed-out' }))
}

let started = false
const start = () => {
  if (started) return
  started = true
  socket.on('connect', () => void ensureAuthenticated())
  // A stored token restores the session on page load; without one this settles as signed out.
  client.reAuthenticate().catch(() => setSession({ status: 'signed-out' }))
}

const subscribe = (listener: () => void) => {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSession = (): Session => useSyncExternalStore(subscribe, () => session)

export const signIn = async (email: string, password: string): Promise<void> => {
  await client.authenticate({ strategy: 'local', email, password })
}

export const register = async (email: string, password: string): Promise<void> => {
  await client.service(servicePaths.users).create({ email, password })
  await signIn(email, password)
}

export const signOut = async (): Promise<void> => {
  await client.logout()
}
