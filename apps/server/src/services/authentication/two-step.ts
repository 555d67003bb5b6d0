import { createHash, randomInt } from 'node:crypto'
import { NotAuthenticated } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { Secret, TOTP } from 'otpauth'
import { RECOVERY_CODE_COUNT } from '@emporia/shared'
import { openTwoStepSecret, sealTwoStepSecret } from '../../platform/secrets/sealed-columns'
import { SecretUnreadable } from '../../platform/secrets/secrets-key'

/** 30-second codes of 6 digits (RFC 6238, what every authenticator app shows by default). */
const PERIOD = 30
/** A code of the step before or after is accepted too: phones' clocks drift (decision 0136). */
const WINDOW = 1
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export const twoStepRequired = () =>
  new NotAuthenticated('Enter the code from your authenticator app', { key: 'errors.twoStepRequired', twoStep: true })
export const wrongTwoStepCode = () =>
  new NotAuthenticated('The code is wrong or was already used', { key: 'errors.twoStepCode', field: 'totp', twoStep: true })

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: 'Emporia', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) })

export const newTwoStepSecret = () => new Secret({ size: 20 }).base32
export const twoStepUri = (secret: string, email: string) => totpOf(secret, email).toString()

/** The time step a 6-digit code belongs to within the window, else undefined. */
export const codeStep = (secret: string, code: string, now = Date.now()): number | undefined => {
  const delta = totpOf(secret).validate({ token: code, window: WINDOW, timestamp: now })
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta
}

/** Recovery codes compare without case, spaces or dashes. */
const plain = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
export const hashRecoveryCode = (code: string) => createHash('sha256').update(plain(code)).digest('hex')

/** Ten codes of ten characters (~49 bits each): shown once, kept only hashed. */
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })

const openedOrNull = (user: string, sealed: string) => {
  try {
    return openTwoStepSecret(user, sealed)
  } catch (error) {
    if (error instanceof SecretUnreadable) return null
    throw error
  }
}

interface TwoStepRow {
  user: string
  secret: string | null
  pendingSecret: string | null
  lastStep: string | number | null
  recoveryCodes: string[]
}

/**
 * The server-only store of two-step sign-in (`userTwoStep`): no service answers its rows, and the
 * secrets are sealed with the secrets key (decision 0212). A code is used up as it is accepted, in one
 * statement: a TOTP step only once (the replay of a code, or of an earlier one, is refused), a recovery
 * code only once.
 */
export class TwoStepStore {
  constructor(private readonly knex: Knex) {}

  row(user: string, trx: Knex | Knex.Transaction = this.knex): Promise<TwoStepRow | undefined> {
    return trx('userTwoStep').where({ user }).first() as Promise<TwoStepRow | undefined>
  }

  /** Accepts a code of the confirmed secret (`pending`: of the secret being set up) or a recovery code, once. */
  async useCode(user: string, code: unknown, trx: Knex | Knex.Transaction = this.knex, pending = false): Promise<boolean> {
    if (typeof code !== 'string' || !code.trim() || code.length > 40) return false
    const row = await this.row(user, trx)
    const sealed = pending ? row?.pendingSecret : row?.secret
    if (!row || !sealed) return false
    const text = code.trim()
    if (/^\d{6}$/.test(text)) {
      // A secret this server cannot open (sealed with a key it no longer has) accepts no code: the
      // account's recovery codes, hashed, still do, and two-step sign-in can then be set up again.
      const secret = openedOrNull(user, sealed)
      if (secret === null) return false
      const step = codeStep(secret, text)
      if (step === undefined) return false
      const used = await trx('userTwoStep')
        .where({ user })
        .andWhere((where) => where.whereNull('lastStep').orWhere('lastStep', '<', step))
        .update({ lastStep: step, updatedAt: new Date() })
      return used === 1
    }
    if (pending) return false
    const hash = hashRecoveryCode(text)
    const used = await trx('userTwoStep')
      .where({ user })
      .whereRaw('"recoveryCodes" @> ?::jsonb', [JSON.stringify([hash])])
      .update({ recoveryCodes: trx.raw('"recoveryCodes" - ?::text', [hash]), updatedAt: new Date() })
    return used === 1
  }

  async start(user: string, secret: string) {
    const pendingSecret = sealTwoStepSecret(user, secret)
    await this.knex('userTwoStep')
      .insert({ user, pendingSecret, recoveryCodes: JSON.stringify([]) })
      .onConflict('user')
      .merge({ pendingSecret, updatedAt: new Date() })
  }

  /**
   * The pending secret becomes the account's, with fresh recovery codes (answered, never stored in clear).
   * Both are sealed for the account, not the column, so the sealed text moves as it is.
   */
  async confirm(trx: Knex.Transaction, user: string, codes: string[]) {
    await trx('userTwoStep')
      .where({ user })
      .update({
        secret: trx.raw('"pendingSecret"'),
        pendingSecret: null,
        recoveryCodes: JSON.stringify(codes.map(hashRecoveryCode)),
        updatedAt: new Date()
      })
  }

  async replaceRecoveryCodes(trx: Knex.Transaction, user: string, codes: string[]) {
    await trx('userTwoStep')
      .where({ user })
      .update({ recoveryCodes: JSON.stringify(codes.map(hashRecoveryCode)), updatedAt: new Date() })
  }

  async remove(trx: Knex.Transaction, user: string) {
    await trx('userTwoStep').where({ user }).delete()
  }
}
