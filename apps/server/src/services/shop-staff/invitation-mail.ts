import { TooManyRequests } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { displayName, isLocaleId, pickLocale, type LocaleId, type ShopStaff, type ShopRole, type User } from '@emporia/shared'
import { Throttle } from '../authentication/authentication'
import type { ServiceContext } from '../../platform/http/service-context'
import { textIn } from '../../platform/mail/recipients'
import type { RecordParams } from '../../platform/records/record-service'

/** Invitations are counted per shop over an hour (decision 0067). */
const INVITATION_WINDOW_MS = 60 * 60_000

const tooManyInvitations = (retryAfter: number) => {
  const minutes = Math.ceil(retryAfter / 60)
  return new TooManyRequests(`Too many invitations from this shop. Try again in ${minutes} minutes.`, {
    key: 'errors.tooManyInvitations',
    values: { minutes },
    retryAfter
  })
}

const roleLabels: Record<LocaleId, Record<ShopRole, string>> = {
  en: { admin: 'Admin', user: 'Staff', pos: 'Cashier (POS)', subshop: 'Sub-shop' },
  cht: { admin: '管理員', user: '職員', pos: '收銀員（POS）', subshop: '分店' },
  chs: { admin: '管理员', user: '职员', pos: '收银员（POS）', subshop: '分店' }
}

type Caller = RecordParams & { user?: User; headers?: Record<string, string | string[] | undefined> }

const header = (params: Caller, name: string) => {
  const value = params.headers?.[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Tells an invitee (who may have no account yet) about the invitation, in the inviter's language
 * (the invitee's is unknown), in the same transaction as the invitation itself. A shop sends at
 * most `invitationLimit` an hour: each one mails a stranger, so an account taken over must not
 * turn a shop into a spam cannon. The shop row is locked by the caller, so the count is exact.
 */
export const invitationMail = (context: ServiceContext) => {
  const limit = context.config.invitationLimit
  const throttle = new Throttle(context.db.knex, { account: limit, address: limit }, INVITATION_WINDOW_MS)
  return async (trx: Knex.Transaction, member: ShopStaff, params: Caller) => {
    if (params.provider) {
      const keys = [`invite:shop:${member.shop}`]
      await throttle.check(keys, trx, tooManyInvitations)
      await throttle.fail(keys, trx)
    }
    await sendInvitation(context, trx, member, params)
  }
}

const sendInvitation = async (context: ServiceContext, trx: Knex.Transaction, member: ShopStaff, params: Caller) => {
  const inviter = params.user
  const locale = isLocaleId(inviter?.locale) ? inviter.locale : pickLocale(header(params, 'accept-language'))
  const shop = (await trx('shops').select('name').where({ _id: member.shop }).first()) as { name: unknown } | undefined
  await context.mailer.enqueue(
    {
      to: member.email,
      type: 'invitation',
      locale,
      shop: member.shop,
      values: {
        name: member.name ?? '',
        inviter: displayName(inviter) || 'Emporia',
        shopName: textIn(shop?.name, locale),
        role: roleLabels[locale][member.role],
        // From configuration only: Origin and Host are whatever the caller sent (decision 0067). The
        // page lists the invitations; signed out, it sends the invitee to sign in and back (decision 0134).
        link: `${context.config.publicUrl}/invitations`
      }
    },
    trx
  )
}
