import { Conflict } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { Knex } from 'knex'

/**
 * How long a claim of a domain may stay unproven (issue 28, decision 0121). Unproven claims block nobody
 * (several shops may claim one name); the first to prove it keeps it and the others are dropped. The
 * lapse keeps forgotten claims from piling up and from being proven months later by a changed DNS.
 */
export const CLAIM_DAYS = 7

/** When a claim made now lapses: its `expiresAt` while pending. */
export const claimExpiry = (now = Date.now()) => new Date(now + CLAIM_DAYS * 86_400_000).toISOString()

/** Whether a pending claim's week is over. */
export const claimLapsed = (domain: { status: string; expiresAt?: string | null }, now = Date.now()) =>
  domain.status === 'pending' && !!domain.expiresAt && Date.parse(domain.expiresAt) <= now

export const takenError = () => new Conflict('This domain is already used by a shop', { key: 'domain.taken', field: 'name' })

type Dropped = { _id: string; shop: string; name: string }

const trimmed = (rows: Dropped[]) => rows.map((row) => ({ ...row, _id: String(row._id).trim(), shop: String(row.shop).trim() }))

/**
 * Before a shop claims `name`: drops the lapsed claims of it (any shop's; they can never be proven) and
 * refuses when a shop already proved it. Runs past the wall (the connection's own role): it must see
 * every shop's claims of the name, and it answers only "taken" or not.
 */
export const clearForClaim = async (knex: Knex, name: string): Promise<Dropped[]> => {
  const dropped = (await knex('domains')
    .where({ name, type: 'external' })
    .whereIn('status', ['pending', 'expired'])
    .where('expiresAt', '<=', new Date().toISOString())
    .del()
    .returning(['_id', 'shop', 'name'])) as Dropped[]
  if (await knex('domains').where({ name, status: 'verified' }).first('_id')) throw takenError()
  return trimmed(dropped)
}

/**
 * Inside the transaction that proves `name` for the domain `keep` (or buys it: no `keep`): locks every
 * claim of the name (in one order, so two provers queue instead of deadlocking), refuses when another
 * shop proved it first or `keep` was dropped meanwhile, and drops every other unproven claim. Call it
 * before the transaction enters a shop's wall.
 */
export const takeName = async (trx: Knex.Transaction, name: string, keep?: string): Promise<Dropped[]> => {
  const rows = (await trx('domains').where({ name }).orderBy('_id').forUpdate().select('_id', 'status')) as {
    _id: string
    status: string
  }[]
  const ids = rows.map((row) => ({ ...row, _id: String(row._id).trim() }))
  if (ids.some((row) => row.status === 'verified' && row._id !== keep)) throw takenError()
  if (keep && !ids.some((row) => row._id === keep)) throw takenError()
  const others = ids.filter((row) => row._id !== keep && row.status !== 'verified').map((row) => row._id)
  if (!others.length) return []
  return trimmed((await trx('domains').whereIn('_id', others).del().returning(['_id', 'shop', 'name'])) as Dropped[])
}

/** Tells each dropped claim's shop it is gone (once the transaction that dropped it committed). */
export const announceDropped = (app: Application | undefined, dropped: Dropped[]) => {
  if (!app) return
  for (const row of dropped) app.service(servicePaths.domains).emit('removed', row)
}
