import { createHash } from 'node:crypto'
import { BadRequest, NotAuthenticated, Unavailable } from '@feathersjs/errors'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { MINI_SIGN_IN_PATH, type LocaleId, type ShopUser } from '@emporia/shared'
import type { Knex } from 'knex'
import { newObjectId } from '../../../platform/http/object-id'
import { clientAddress } from '../../../platform/http/client-address'
import type { MiniLogin } from '../../../platform/mini/code2session'
import { readShopSecret } from '../../../platform/secrets/shop-secrets'
import { recordMemberVisit } from '../../customers/member-channel'
import { sessionToken, setSessionCookie } from '../accounts/account-session'
import { commerceTransaction, type Commerce } from '../commerce/commerce-context'
import { CommerceRateLimit } from '../commerce/rate-limit'

const CODE = /^[A-Za-z0-9_-]{8,128}$/
const refused = (key: string, message: string) => new BadRequest(message, { key, field: 'code' })
const codeHash = (shop: string, code: string) => createHash('sha256').update(`mini-code:${shop}:${code}`).digest('hex')

/** The shop's program id and secret, or undefined while either is missing. */
export const miniCredentials = async (knex: Knex, shop: string) => {
  const row = (await knex('miniSettings').where({ shop }).first('programId')) as { programId: string | null } | undefined
  const secret = await readShopSecret(knex, shop, 'miniProgramSecret')
  return row?.programId && secret ? { programId: row.programId, secret } : undefined
}

/** The shop's customer with this program id, made on the first sign-in (by the shopUsers service's rules). */
const customerOf = async (commerce: Commerce, trx: Knex.Transaction, shop: string, openid: string, nickname?: string) => {
  const known = (await trx('miniIdentities').where({ shop, openid }).first('_id', 'user')) as
    { _id: string; user: string } | undefined
  if (known && (await recordMemberVisit(trx, shop, known.user, 'mini'))) return { user: known.user, registered: false }
  const made = (await commerce.app
    .service('shopUsers')
    // A customer needs a name or a contact: the nickname the shopper agreed to share, else a handle of their id.
    .create({ firstName: nickname || `mini-${openid.slice(-6)}` }, { shop, transaction: trx } as Record<
      string,
      unknown
    >)) as ShopUser
  if (known) await trx('miniIdentities').where({ _id: known._id }).update({ user: made._id, updatedAt: trx.fn.now() })
  else await trx('miniIdentities').insert({ _id: newObjectId(), shop, openid, user: made._id })
  await recordMemberVisit(trx, shop, made._id, 'mini')
  return { user: made._id, registered: true }
}

/**
 * A shopper's sign-in from the mini-program (decision 0204): its one-time login code, exchanged with
 * the platform for the shopper's id on this shop's program. A code seen before is refused before the
 * platform is asked; a code the platform does not take is refused; either way nothing is written.
 * Then, in one transaction, the code is spent, the customer found or made and marked `mini`.
 */
export const miniSignIn = async (commerce: Commerce, login: MiniLogin, shop: string, code: unknown, nickname?: unknown) => {
  if (typeof code !== 'string' || !CODE.test(code)) throw refused('format.invalid', 'Invalid login code')
  if (nickname !== undefined && nickname !== null && (typeof nickname !== 'string' || nickname.trim().length > 100))
    throw new BadRequest('A nickname is a short text', { key: 'format.invalid', field: 'nickname' })
  const name = typeof nickname === 'string' ? nickname.trim() : undefined
  const knex = commerce.context.db.knex
  const credentials = await miniCredentials(knex, shop)
  if (!credentials) throw new Unavailable('This shop has no mini-program yet', { key: 'mini.notSet' })
  const hash = codeHash(shop, code)
  if (await knex('miniCodes').where({ shop, codeHash: hash }).first('_id'))
    throw refused('mini.codeUsed', 'This login code was used already')
  const session = await login.code2session(credentials.programId, credentials.secret, code)
  if (!session.ok) {
    if (session.reason === 'unavailable')
      throw new Unavailable('The platform did not answer; try again', { key: 'mini.unavailable' })
    if (session.reason === 'used') throw refused('mini.codeUsed', 'This login code was used already')
    throw new NotAuthenticated('This login code is not valid', { key: 'mini.codeInvalid', field: 'code' })
  }
  return commerceTransaction(commerce, shop, async (trx) => {
    const spent = await trx('miniCodes')
      .insert({ _id: newObjectId(), shop, codeHash: hash })
      .onConflict(['shop', 'codeHash'])
      .ignore()
      .returning('_id')
    if (!spent.length) throw refused('mini.codeUsed', 'This login code was used already')
    return customerOf(commerce, trx, shop, session.openid, name)
  })
}

/**
 * `POST {base}/_commerce/mini/sign-in` `{ code, nickname? }` (JSON): the session of this shop for the shopper, as a
 * cookie and in the answer (the mini-program keeps it and sends it back as that cookie). The shop is the
 * address's; a session is signed for it and opens no other shop's data.
 */
export const miniRoutes = (commerce: Commerce, login: MiniLogin, limits = new CommerceRateLimit()) => {
  const secret = commerce.context.config.authSecret
  return async (ctx: FeathersKoaContext, shop: string, path: string, locale: LocaleId): Promise<boolean> => {
    if (path !== MINI_SIGN_IN_PATH || ctx.method !== 'POST') return false
    const base = ctx.path.slice(0, ctx.path.length - path.length)
    ctx.set('Cache-Control', 'no-store')
    try {
      limits.take('signIn', shop, clientAddress(ctx))
      if (!ctx.is('application/json')) throw new BadRequest('Send JSON', { key: 'format.invalid' })
      const body = (ctx.request as { body?: unknown }).body
      const sent = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
      const result = await miniSignIn(commerce, login, shop, sent.code, sent.nickname)
      const token = sessionToken(secret, shop, result.user)
      setSessionCookie(ctx, base, token)
      ctx.body = { signedIn: true, registered: result.registered, token }
      return true
    } catch (error) {
      // Refusals keep their key for the mini-program's own texts, whatever the language (decision 0204).
      void locale
      throw error
    }
  }
}
