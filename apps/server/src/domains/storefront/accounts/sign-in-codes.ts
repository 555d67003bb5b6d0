import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Knex } from 'knex'
import { newObjectId } from '../../../platform/http/object-id'

/** A sign-in code lives ten minutes and dies at the fifth wrong try (decision 0114). */
export const SIGN_IN_CODE_MINUTES = 10
export const SIGN_IN_CODE_TRIES = 5

/** What checking a code found: `spent` when this wrong try was its last. */
export type CodeCheck = 'ok' | 'wrong' | 'spent' | 'none'

// Keyed by the server's secret, the shop and the address: a copy of the table cannot be searched
// through a million candidate codes offline, and a code of one shop or address is nothing elsewhere.
const digest = (secret: string, shop: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`shop-sign-in:${shop}:${email}:${code}`).digest()

/**
 * Six-digit one-time codes mailed to an e-mail address of a shop, stored only as keyed hashes.
 * A new code retires the address's earlier ones, so only the latest mail works. Runs in the
 * caller's transaction of the shop (behind its wall).
 */
export const issueSignInCode = async (trx: Knex.Transaction, secret: string, shop: string, email: string) => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await trx('shopUserCodes').where({ shop, email }).whereNull('usedAt').update({ usedAt: new Date() })
  await trx('shopUserCodes').insert({
    _id: newObjectId(),
    shop,
    email,
    codeHash: digest(secret, shop, email, code).toString('hex'),
    expiresAt: new Date(Date.now() + SIGN_IN_CODE_MINUTES * 60_000)
  })
  return code
}

/**
 * Checks the address's live code; `consume` uses it up. A wrong code counts against it (the caller
 * must commit that count before refusing), the fifth ends it.
 */
export const checkSignInCode = async (
  trx: Knex.Transaction,
  secret: string,
  shop: string,
  email: string,
  code: string,
  consume: boolean
): Promise<CodeCheck> => {
  const live = (await trx('shopUserCodes')
    .where({ shop, email })
    .whereNull('usedAt')
    .andWhere('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .forUpdate()
    .first('_id', 'codeHash', 'attempts')) as { _id: string; codeHash: string; attempts: number } | undefined
  if (!live) return 'none'
  if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), digest(secret, shop, email, code))) {
    const attempts = live.attempts + 1
    const spent = attempts >= SIGN_IN_CODE_TRIES
    await trx('shopUserCodes')
      .where({ _id: live._id })
      .update({ attempts, usedAt: spent ? new Date() : null })
    return spent ? 'spent' : 'wrong'
  }
  if (consume) await trx('shopUserCodes').where({ _id: live._id }).update({ usedAt: new Date() })
  return 'ok'
}
