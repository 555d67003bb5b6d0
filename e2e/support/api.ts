import type { User } from '@emporia/shared'

/** Direct REST calls, for changes made "by someone else" while the browser watches. */
export interface ApiSession {
  accessToken: string
  user: User
}

const call = async <T>(url: string, init: RequestInit & { token?: string }): Promise<T> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await fetch(url, { ...init, headers })
  const body = (await response.json()) as T
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`)
  return body
}

export const registerUser = (baseUrl: string, email: string, password: string) =>
  call<User>(`${baseUrl}/api/users`, { method: 'POST', body: JSON.stringify({ email, password }) })

export const authenticate = (baseUrl: string, email: string, password: string) =>
  call<ApiSession>(`${baseUrl}/api/authentication`, {
    method: 'POST',
    body: JSON.stringify({ strategy: 'local', email, password })
  })

export const patchUser = (
  baseUrl: string,
  session: ApiSession,
  id: string,
  patch: Partial<Pick<User, 'title' | 'firstName' | 'lastName'>>
) => call<User>(`${baseUrl}/api/users/${id}`, { method: 'PATCH', token: session.accessToken, body: JSON.stringify(patch) })

let counter = 0
/** A fresh address per call, so specs never depend on each other's accounts. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.test`
