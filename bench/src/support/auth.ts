import { impliedRoles } from '@emporia/shared'
import { BENCH_URL, withClient } from './postgres'

const PASSWORD = 'bench-password-1'

export const postJson = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  const json = (await response.json()) as Record<string, unknown>
  if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** Registers a throw-away user and logs in, as the web app does; returns its access token. */
export const benchUserToken = async (serverUrl: string): Promise<string> => {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  await postJson(`${serverUrl}/api/users`, { email, password: PASSWORD, agreeTerms: true })
  const { accessToken } = await postJson(`${serverUrl}/api/authentication`, { strategy: 'local', email, password: PASSWORD })
  return String(accessToken)
}

/**
 * A throw-away user to make a shop's admin: its token, id and e-mail, and the shop's `users` list
 * (spec §3.1) naming it as the shops service names a shop's creator (shops.class.ts), as JSON.
 */
export const benchShopAdmin = async (serverUrl: string) => {
  const token = await benchUserToken(serverUrl)
  const { user } = await postJson(`${serverUrl}/api/authentication`, { strategy: 'jwt', accessToken: token })
  const { _id, email } = user as { _id: string; email: string }
  const owner = { user: _id, role: 'admin', roles: impliedRoles('admin'), perm: [], accepted: true, posAccess: 'admin' }
  return { token, user: _id, email, users: JSON.stringify([{ ...owner, name: email.split('@')[0] }]) }
}

/** Bench users never pile up in the reused database. */
export const removeBenchUsers = () =>
  withClient(BENCH_URL, (db) => db.query(`delete from users where email like 'bench-%@example.com'`))
