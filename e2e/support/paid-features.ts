import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Merchant } from './api'
import { patchShop } from './orders'
import { startServer, type RunningServer } from './server'

/*
 * Paid features (shop attributes: discount, promotion, …) are set by billing, which no API offers. A
 * spec that needs one runs its own server on a fresh PostgreSQL database and switches it on there.
 */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const postgresReachable = await (async () => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
})()
if (!postgresReachable && process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL}`)

const admin = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The built server on a database of its own, dropped when the file ends; `attributes` switches features on. */
export const paidServer = () => {
  let databaseUrl = ''
  const start = async (): Promise<RunningServer> => {
    const name = `emporia_e2e_${randomBytes(6).toString('hex')}`
    await admin(ADMIN_URL, (client) => client.query(`create database ${name}`))
    databaseUrl = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } })
    return {
      url: server.url,
      stop: async () => {
        await server.stop()
        await admin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`))
      }
    }
  }
  /** Turns the named attributes on for the merchant's shop; a shop patch drops the server's cached copy. */
  const enable = async (baseUrl: string, who: Merchant, attributes: string[]) => {
    const on = JSON.stringify(Object.fromEntries(attributes.map((attribute) => [attribute, true])))
    await admin(databaseUrl, (client) =>
      client.query(`update shops set attributes = attributes || $2::jsonb where _id = $1`, [who.shop!._id, on])
    )
    await patchShop(baseUrl, who, { phone: '2345 6789' })
  }
  return { start, enable }
}
