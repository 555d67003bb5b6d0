import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { CODE_PATTERN } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'

export type CodePurpose = 'verify' | 'reset'

/** Verification codes live a day (the mail may be read later); reset codes 15 minutes. */
export const CODE_TTL_MINUTES: Record<CodePurpose, number> = { verify: 24 * 60, reset: 15 }
/** Wrong tries before a code is dead, whatever the throttle says. */
const MAX_TRIES = 5

const digest = (code: string) => createHash('sha256').update(code).digest()

export const assertCodeFormat = (token: unknown): string => {
  if (typeof token !== 'string' || !CODE_PATTERN.test(token.trim()))
    throw new BadRequest('Verification code format error', { key: 'format.token', field: 'token' })
  return token.trim()
}

export const invalidCode = () => new BadRequest('Invalid or expired code', { key: 'errors.codeInvalid', field: 'token' })

/**
 * Six-digit, single-use, expiring codes, stored only as hashes. Issuing a code retires the
 * account's earlier codes for the same purpose, so only the latest mail works.
 */
export class AccountCodes {
  async issue(trx: Knex | Knex.Transaction, user: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await trx('userCodes').where({ user, purpose }).whereNull('usedAt').update({ usedAt: new Date() })
    await trx('userCodes').insert({
      _id: newObjectId(),
      user,
      purpose,
      codeHash: digest(code).toString('hex'),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES[purpose] * 60_000)
    })
    return code
  }

  /**
   * Checks a code; `consume` uses it up. A wrong code counts against the live one, so this answers
   * false instead of throwing: the caller commits that count, then refuses.
   */
  async check(trx: Knex.Transaction, user: string, purpose: CodePurpose, token: string, consume: boolean): Promise<boolean> {
    const live = (await trx('userCodes')
      .where({ user, purpose })
      .whereNull('usedAt')
      .andWhere('expiresAt', '>', new Date())
      .orderBy('createdAt', 'desc')
      .forUpdate()
      .first()) as { _id: string; codeHash: string; attempts: number } | undefined
    if (!live) return false
    const match = timingSafeEqual(Buffer.from(live.codeHash, 'hex'), digest(token))
    if (!match) {
      const attempts = live.attempts + 1
      await trx('userCodes')
        .where({ _id: live._id })
        .update({ attempts, usedAt: attempts >= MAX_TRIES ? new Date() : null })
      return false
    }
    if (consume) await trx('userCodes').where({ _id: live._id }).update({ usedAt: new Date() })
    return true
  }
}
