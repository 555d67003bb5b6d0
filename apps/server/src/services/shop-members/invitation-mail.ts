import type { Knex } from 'knex'
import { displayName, isLocaleId, pickLocale, type LocaleId, type ShopMember, type ShopRole, type User } from '@emporia/shared'
import type { ServiceContext } from '../context'
import type { StoreParams } from '../store/store-service'

const roleLabels: Record<LocaleId, Record<ShopRole, string>> = {
  en: { admin: 'Admin', user: 'Staff', pos: 'Cashier (POS)', subshop: 'Sub-shop' },
  cht: { admin: '管理員', user: '職員', pos: '收銀員（POS）', subshop: '分店' },
  chs: { admin: '管理员', user: '职员', pos: '收银员（POS）', subshop: '分店' }
}

type Caller = StoreParams & { user?: User; headers?: Record<string, string | string[] | undefined> }

const header = (params: Caller, name: string) => {
  const value = params.headers?.[name]
  return Array.isArray(value) ? value[0] : value
}

/** A translatable shop name in one language: that language, else English, else the first there is. */
const textIn = (value: unknown, locale: LocaleId): string => {
  if (typeof value === 'string') return value
  const byLocale = (value ?? {}) as Partial<Record<LocaleId, string>>
  return byLocale[locale] || byLocale.en || Object.values(byLocale).find(Boolean) || ''
}

/**
 * Tells an invitee (who may have no account yet) about the invitation, in the inviter's language
 * (the invitee's is unknown), in the same transaction as the invitation itself.
 */
export const invitationMail = (context: ServiceContext) => async (trx: Knex.Transaction, member: ShopMember, params: Caller) => {
  const inviter = params.user
  const locale = isLocaleId(inviter?.locale) ? inviter.locale : pickLocale(header(params, 'accept-language'))
  const shop = (await trx('shops').select('name').where({ _id: member.shop }).first()) as { name: unknown } | undefined
  const origin = header(params, 'origin') ?? (header(params, 'host') ? `http://${header(params, 'host')}` : '')
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
        link: `${origin}/login`
      }
    },
    trx
  )
}
