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

/** Bench users never pile up in the reused database. */
export const removeBenchUsers = () =>
  withClient(BENCH_URL, (db) => db.query(`delete from users where email like 'bench-%@example.com'`))
