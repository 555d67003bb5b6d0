import type { Shop, User } from '@emporia/shared'
import { STATE_MS } from './budget'

/** Direct REST calls, for setting up accounts and shops and for changes made "by someone else". */
export interface ApiSession {
  accessToken: string
  user: User
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown
  ) {
    super(message)
  }
}

const call = async <T>(url: string, init: RequestInit & { token?: string }): Promise<T> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await fetch(url, { ...init, headers })
  const body = (await response.json()) as T
  if (!response.ok)
    throw new ApiError(
      `${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`,
      response.status,
      body
    )
  return body
}

export const registerUser = (baseUrl: string, email: string, password: string) =>
  call<User>(`${baseUrl}/api/users`, { method: 'POST', body: JSON.stringify({ email, password, agreeTerms: true }) })

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

export const createShop = (baseUrl: string, session: ApiSession, name: string, subdomain: string) =>
  call<Shop>(`${baseUrl}/api/shops`, { method: 'POST', token: session.accessToken, body: JSON.stringify({ name, subdomain }) })

interface Mail {
  _id: string
  to: string
  type: string
  subject: string
  text: string
  createdAt: string
}

/** The newest mail to `to` (optionally of a type) from the dev mailbox, waiting for it to arrive. */
export const latestMail = async (baseUrl: string, to: string, type?: string): Promise<Mail> => {
  const deadline = Date.now() + STATE_MS
  for (;;) {
    const mails = await call<Mail[]>(`${baseUrl}/api/dev/mailbox.json?to=${encodeURIComponent(to)}`, { method: 'GET' })
    const found = mails
      .filter((mail) => !type || mail.type === type)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]
    if (found) return found
    if (Date.now() > deadline) throw new Error(`No ${type ?? ''} mail to ${to} arrived`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The 6-digit code in a mail (spec §7.2). */
export const codeIn = (mail: Mail) => {
  const match = /\b(\d{6})\b/.exec(mail.text)
  if (!match) throw new Error(`No code in mail: ${mail.text}`)
  return match[1]
}

export const verifyUser = async (baseUrl: string, session: ApiSession) => {
  const code = codeIn(await latestMail(baseUrl, session.user.email, 'verify'))
  return call<User>(`${baseUrl}/api/users/verify`, {
    method: 'POST',
    token: session.accessToken,
    body: JSON.stringify({ token: code })
  })
}

let counter = 0
/** A fresh address per call, so specs never depend on each other's accounts. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.test`
export const uniqueSubdomain = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}`

export interface Merchant {
  email: string
  password: string
  session: ApiSession
  shop?: Shop
}

/** A registered, verified user, with a shop unless `withShop` is false. */
export const merchant = async (baseUrl: string, label: string, options: { withShop?: boolean; verified?: boolean } = {}) => {
  const email = uniqueEmail(label)
  const password = 'correct-horse-1'
  await registerUser(baseUrl, email, password)
  let session = await authenticate(baseUrl, email, password)
  if (options.verified !== false) {
    await verifyUser(baseUrl, session)
    session = await authenticate(baseUrl, email, password)
  }
  const result: Merchant = { email, password, session }
  if (options.withShop !== false) result.shop = await createShop(baseUrl, session, `${label} shop`, uniqueSubdomain(label))
  return result
}
