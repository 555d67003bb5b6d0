import type { Knex } from 'knex'
import PgTransaction from 'knex/lib/dialects/postgres/execution/pg-transaction.js'
import ClientPg from 'knex/lib/dialects/postgres/index.js'
import { isPostgres } from './dialect'
import { ANY_SESSION, preferSession, serveSameSession } from './session-affinity'

/**
 * PostgreSQL row-level security, the second wall behind scope-to-shop (docs/decisions/0020).
 * Superusers and table owners bypass RLS, so a shop-scoped call runs its statements as
 * `emporia_scoped`, a role without that bypass, with the call's shop in `emporia.shop`.
 */
export const SCOPED_ROLE = 'emporia_scoped'

// Migrations read the dialect from here, next to the wall they build.
export { isPostgres }

/**
 * Creates the role once per cluster (parallel migrations may race: a duplicate is fine). An account
 * without CREATEROLE cannot: then there is no second wall (answers false) and the server still starts.
 */
export const ensureScopedRole = async (knex: Knex): Promise<boolean> => {
  await knex.raw(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${SCOPED_ROLE}') then
        create role ${SCOPED_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation or insufficient_privilege then null;
    end $$`)
  const { rows } = (await knex.raw('select 1 from pg_roles where rolname = ?', [SCOPED_ROLE])) as { rows: unknown[] }
  if (!rows.length) return false
  // A non-superuser application account must be a member to switch to the role.
  await knex.raw(`do $$ begin execute format('grant ${SCOPED_ROLE} to %I', current_user);
    exception when others then null; end $$`)
  await knex.raw(`grant usage on schema public to ${SCOPED_ROLE}`)
  await knex.raw(`grant select, insert, update, delete on all tables in schema public to ${SCOPED_ROLE}`)
  await knex.raw(`grant usage, select on all sequences in schema public to ${SCOPED_ROLE}`)
  await knex.raw(`alter default privileges in schema public grant select, insert, update, delete on tables to ${SCOPED_ROLE}`)
  await knex.raw(`alter default privileges in schema public grant usage, select on sequences to ${SCOPED_ROLE}`)
  return true
}

/**
 * Puts a shop-scoped table behind the wall: as `emporia_scoped`, rows are visible and writable only
 * for the shop in `emporia.shop` (or, for shared records, a shop listed in `accessShop`).
 */
export const shopWall = async (knex: Knex, table: string, options: { shared?: boolean } = {}) => {
  const current = `(current_setting('emporia.shop', true)::bpchar)`
  const visible = options.shared
    ? `(shop = ${current} or "accessShop" @> jsonb_build_array(jsonb_build_object('shop', ${current})))`
    : `(shop = ${current})`
  await knex.raw(`alter table ?? enable row level security`, [table])
  await knex.raw(`drop policy if exists shop_wall on ??`, [table])
  await knex.raw(`create policy shop_wall on ?? using ${visible} with check ${visible}`, [table])
}

/** True when this connection may switch to the scoped role (the migration could create it). */
export const rowSecurityAvailable = async (knex: Knex): Promise<boolean> => {
  if (!isPostgres(knex)) return false
  const { rows } = (await knex.raw(
    `select exists (select 1 from pg_roles where rolname = ?) and pg_has_role(current_user, ?, 'MEMBER') as ok`,
    [SCOPED_ROLE, SCOPED_ROLE]
  )) as { rows: { ok: boolean }[] }
  return rows[0]?.ok === true
}

/** Inside a transaction: the rest of it runs as the scoped role, seeing one shop. */
export const enterShop = (trx: Knex.Transaction, shop: string) =>
  trx.raw(`select set_config('emporia.shop', ?, true), set_config('role', ?, true)`, [shop, SCOPED_ROLE])

/** Inside a transaction: the rest of it runs as the connection's own role again, past the wall. */
export const leaveShop = (trx: Knex.Transaction) => trx.raw(`select set_config('role', 'none', true)`)

const SHOP_ID = /^[0-9a-f]{24}$/

/**
 * A transaction that starts behind the wall: BEGIN and the wall's settings go in one round trip
 * instead of two (the list benchmark measured every round trip of a walled call; 0020). The simple
 * protocol allows several statements when nothing is bound, so the shop id is checked and inlined.
 */
export const walledTransaction = <T>(knex: Knex, shop: string, run: (trx: Knex.Transaction) => Promise<T>): Promise<T> => {
  if (!SHOP_ID.test(shop)) throw new Error(`Not a shop id: ${shop}`)
  return walledKnex(knex, shop).transaction(run)
}

/** Shops whose knex clones are kept; the least recently used are dropped beyond this. */
const CLONES_KEPT = 1000
/** Events a clone copies its listeners of from the instance it came from, when it is made. */
const EVENTS = ['query', 'query-error', 'query-response', 'start'] as const
type Kind = 'transaction' | 'session'
const clones = new WeakMap<Knex, { listeners: unknown[]; byShop: Map<string, Knex> }>()

const sameListeners = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((listener, i) => listener === b[i])

/**
 * knex hands a transaction its instance's user params (a config's own are overwritten), and
 * `withUserParams` clones the instance: one clone per shop and kind is kept rather than one made per
 * call (the clone cost 3–5 % of a sale's or a lookup's CPU profile; docs/benchmarks.md). A clone shares
 * the pool of the instance it came from, and copies its event listeners when made, so the clones are
 * made again when those change (a test listening for statements sees the walled ones too).
 * A `transaction` clone only ever begins walled transactions (their BEGIN sets the wall, local to the
 * transaction); a `session` clone runs single statements on a connection whose session is behind the wall.
 */
const walledKnex = (knex: Knex, shop: string, kind: Kind = 'transaction'): Knex => {
  const listeners = EVENTS.flatMap((event) => knex.listeners(event))
  let kept = clones.get(knex)
  if (!kept || !sameListeners(kept.listeners, listeners)) clones.set(knex, (kept = { listeners, byShop: new Map() }))
  const { byShop } = kept
  const key = `${kind}:${shop}`
  let clone = byShop.get(key)
  if (clone) byShop.delete(key)
  else {
    clone = knex.withUserParams(kind === 'transaction' ? { ...knex.userParams, wallShop: shop } : { ...knex.userParams })
    ;(clone.client as WallClient).wall = kind === 'transaction' ? IN_TRANSACTION : shop
  }
  byShop.set(key, clone)
  if (byShop.size > CLONES_KEPT * 2) byShop.delete(byShop.keys().next().value as string)
  return clone
}

/**
 * A knex instance whose every statement runs behind `shop`'s wall, outside any transaction, as the
 * session of the pooled connection it gets (docs/decisions/0101): one round trip per statement in
 * the steady state, like a call with row security off. For single statements (a read, one-statement
 * write); several statements that must agree belong in `walledTransaction`.
 */
export const walledSession = (knex: Knex, shop: string): Knex => {
  if (!SHOP_ID.test(shop)) throw new Error(`Not a shop id: ${shop}`)
  return walledKnex(knex, shop, 'session')
}

interface PgTransactionInternals {
  userParams?: { wallShop?: string }
  isolationLevel?: string
  readOnly?: boolean
  query(conn: unknown, sql: string): Promise<unknown>
}
const begin = PgTransaction.prototype.begin as (this: PgTransactionInternals, conn: unknown) => Promise<unknown>
PgTransaction.prototype.begin = function (this: PgTransactionInternals, conn: unknown) {
  const shop = this.userParams?.wallShop
  if (!shop || this.isolationLevel || this.readOnly || !SHOP_ID.test(shop)) return begin.call(this, conn)
  return this.query(
    conn,
    `BEGIN; select set_config('emporia.shop', '${shop}', true), set_config('role', '${SCOPED_ROLE}', true);`
  )
}

// ---- the session wall (docs/decisions/0101) ------------------------------------------------------

/** A `transaction` clone's mark: its BEGIN sets the wall for the transaction, the session is left as it is. */
const IN_TRANSACTION = Symbol('walled transaction')
/** What a connection's session was last set to: a shop id, or `CLEAN` (own role, no shop). */
const SESSION = Symbol('emporia wall session')
const CLEAN = ''
/** A connection whose session setting failed or was never confirmed: set again before any use. */
const UNKNOWN = Symbol('unknown wall session')

interface WallClient {
  /** Absent: unwalled (the session must be clean). A shop id: the session must be behind its wall. */
  wall?: string | typeof IN_TRANSACTION
}
interface PgConnection {
  [SESSION]?: string | typeof UNKNOWN
  query(text: string): Promise<unknown>
}

const sessionSql = (wall: string) =>
  wall === CLEAN
    ? `select set_config('role', 'none', false), set_config('emporia.shop', '', false)`
    : `select set_config('emporia.shop', '${wall}', false), set_config('role', '${SCOPED_ROLE}', false)`

let switches = 0
/** How many times a pooled connection's session has been set in this process (tests read it). */
export const sessionSwitches = () => switches

const sessionOf = (connection: unknown) => (connection as PgConnection)[SESSION] ?? CLEAN

/**
 * Every connection handed out of the pool is brought to the session its user needs before any
 * statement of that user runs: behind a shop's wall for a `session` clone, clean (the connection's own
 * role, no shop) for everything else (plain queries, transactions, migrations, streams). A connection
 * new to the pool is clean. The setting is sent only when it differs from what the connection is
 * known to have; if it fails or its answer is lost, the connection is marked unknown and set again
 * by its next user, and the statement waiting for it fails instead of running under the wrong wall.
 * A walled transaction skips this: its BEGIN sets shop and role for the transaction, over any session.
 */
const acquire = ClientPg.prototype.acquireConnection as (this: WallClient) => Promise<PgConnection>
const release = ClientPg.prototype.releaseConnection as (this: WallClient, connection: PgConnection) => Promise<void>
ClientPg.prototype.acquireConnection = async function (this: WallClient) {
  // A free connection, or the next released one, already in the wanted session saves a switch (session-affinity.ts).
  const marked = preferSession(this, this.wall === IN_TRANSACTION ? ANY_SESSION : (this.wall ?? CLEAN), sessionOf)
  const acquiring = acquire.call(this)
  marked()
  const connection = await acquiring
  const wanted = this.wall
  if (wanted === IN_TRANSACTION) return connection
  const target = wanted ?? CLEAN
  const current = connection[SESSION] ?? CLEAN
  if (current === target) return connection
  connection[SESSION] = UNKNOWN
  try {
    if (typeof target === 'string' && target !== CLEAN && !SHOP_ID.test(target)) throw new Error(`Not a shop id: ${target}`)
    switches++
    await connection.query(sessionSql(target))
    connection[SESSION] = target
    return connection
  } catch (error) {
    await release.call(this, connection)
    throw error
  }
}

/** A released connection goes first to a waiting caller that wants its session (session-affinity.ts). */
ClientPg.prototype.releaseConnection = function (this: WallClient, connection: unknown) {
  const session = (connection as PgConnection)[SESSION]
  if (session !== UNKNOWN) serveSameSession(this, session ?? CLEAN)
  return release.call(this, connection as PgConnection)
}
