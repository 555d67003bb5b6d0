import { createHash, randomBytes } from 'node:crypto'
import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { newObjectId } from '../../platform/http/object-id'
import { authStateContext } from '../../platform/secrets/sealed-columns'
import { activeSecretsKeyring, openSecret, sealSecret } from '../../platform/secrets/secrets-key'

/*
 * The OAuth `state` of a connection attempt (decision 0197): random, bound to the shop and the user who
 * started it, good once and for ten minutes. Only its hash is stored, next to the PKCE verifier (sealed).
 * A state that is unknown, another shop's or user's, used or expired is refused with its own key.
 */

export const AUTH_STATES = 'accountingAuthStates'
export const STATE_MINUTES = 10

const hash = (state: string) => createHash('sha256').update(state).digest('hex')
// Rotation seals the verifiers again with the same binding (platform/secrets/sealed-columns.ts).
const contextOf = authStateContext
const refuse = (key: string, message: string) => new BadRequest(message, { key, field: 'state' })

/** A new state and its PKCE pair; answers what the consent URL needs. */
export const newAuthState = async (knex: Knex, shop: string, user: string, redirectUri: string, now: Date) => {
  const state = randomBytes(24).toString('base64url')
  const verifier = randomBytes(48).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const stateHash = hash(state)
  // Old attempts of the shop go: only the latest few minutes' ones matter.
  await knex(AUTH_STATES).where({ shop }).where('expiresAt', '<', now).delete()
  await knex(AUTH_STATES).insert({
    _id: newObjectId(),
    shop,
    stateHash,
    user,
    verifier: sealSecret(activeSecretsKeyring(), verifier, contextOf(shop, stateHash)),
    redirectUri,
    expiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000),
    usedAt: null
  })
  return { state, challenge }
}

/**
 * Spends a state: answers its verifier and redirect address once. The update's condition (unused) is
 * the last word on two callbacks racing: only one of them marks it used.
 */
export const spendAuthState = async (knex: Knex, shop: string, user: string, state: string, now: Date) => {
  const stateHash = hash(state)
  const row = (await knex(AUTH_STATES).where({ stateHash }).first()) as
    | {
        _id: string
        shop: string
        user: string
        verifier: string
        redirectUri: string
        expiresAt: Date | string
        usedAt: unknown
      }
    | undefined
  if (!row || row.shop !== shop) throw refuse('accounting.stateUnknown', 'This connection attempt is not this shop’s')
  if (row.user !== user) throw refuse('accounting.stateUnknown', 'This connection attempt was started by someone else')
  if (row.usedAt) throw refuse('accounting.stateUsed', 'This connection attempt was already used')
  if (new Date(row.expiresAt).getTime() < now.getTime())
    throw refuse('accounting.stateExpired', 'This connection attempt expired')
  const spent = await knex(AUTH_STATES).where({ _id: row._id }).whereNull('usedAt').update({ usedAt: now })
  if (!spent) throw refuse('accounting.stateUsed', 'This connection attempt was already used')
  return { verifier: openSecret(activeSecretsKeyring(), row.verifier, contextOf(shop, stateHash)), redirectUri: row.redirectUri }
}
