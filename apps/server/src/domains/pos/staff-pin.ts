import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isStaffPin } from '@emporia/shared'
import { hashPassword, verifyPassword, type Throttle } from '../../services/authentication/authentication'

/*
 * Staff PINs (decision 0135): 4–8 digits, argon2id-hashed like passwords, one per account in
 * `staffPins` (never in `users`, whose rows are answered whole). A PIN proves who stands at a till of
 * a shop the account works in; it signs nobody in anywhere else.
 */

export const pinFormat = (field = 'pin') => new BadRequest('A PIN is 4 to 8 digits', { key: 'pos.error.pinFormat', field })

/** The throttle keys of a PIN check: the account's PIN and the caller's address (as logins count). */
export const pinKeys = (user: string, address?: string) => [`pin:user:${user}`, ...(address ? [`pin:ip:${address}`] : [])]

export const hasPin = async (knex: Knex | Knex.Transaction, user: string) =>
  !!(await knex('staffPins').where({ user }).first('user'))

/** Sets (or, with null, clears) an account's PIN. */
export const storePin = async (knex: Knex | Knex.Transaction, user: string, pin: string | null) => {
  if (pin === null) {
    await knex('staffPins').where({ user }).delete()
    return
  }
  if (!isStaffPin(pin)) throw pinFormat()
  const hash = await hashPassword(pin)
  await knex('staffPins').insert({ user, hash, updatedAt: new Date() }).onConflict('user').merge(['hash', 'updatedAt'])
}

export const pinRefused = () =>
  new Forbidden('The manager or the PIN was not accepted', { key: 'pos.error.pinRefused', field: 'pin' })

/**
 * Checks `pin` against `user`'s, throttled per account and per address: over the limit 429
 * (`errors.tooManyAttempts`) before any check; a wrong PIN, or an account without one, counts a failure
 * and refuses 403 `pos.error.pinRefused` (the same answer for both, and the same time: an account
 * without a PIN is checked against a dummy hash). A right PIN clears the account's count.
 */
export const checkPin = async (knex: Knex, throttle: Throttle, user: string, pin: unknown, address?: string) => {
  if (!isStaffPin(pin)) throw pinFormat()
  const keys = pinKeys(user, address)
  await throttle.check(keys)
  const row = (await knex('staffPins').where({ user }).first('hash')) as { hash: string } | undefined
  if (!(await verifyPassword(row?.hash, pin))) {
    await throttle.fail(keys)
    throw pinRefused()
  }
  await throttle.clear(keys.slice(0, 1))
}
