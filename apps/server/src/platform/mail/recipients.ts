import type { Knex } from 'knex'
import { fallbackLocale, isLocaleId, type LocaleId } from '@emporia/shared'

/** A translatable text (a shop's name) in one language: that language, else English, else the first there is. */
export const textIn = (value: unknown, locale: LocaleId): string => {
  if (typeof value === 'string') return value
  const byLocale = (value ?? {}) as Partial<Record<LocaleId, string>>
  return byLocale[locale] || byLocale.en || Object.values(byLocale).find(Boolean) || ''
}

/** The shop's accepted admins as mail recipients, each with their own interface language. */
export const shopAdmins = async (db: Knex | Knex.Transaction, shop: string) => {
  const rows = (await db('shopMembers as m')
    .leftJoin('users as u', 'u._id', 'm.user')
    .where({ 'm.shop': shop, 'm.role': 'admin', 'm.accepted': true })
    .select('m.email', 'm.name', 'u.locale')) as { email: string; name: string | null; locale: string | null }[]
  return rows.map((row) => ({
    email: row.email,
    name: row.name ?? '',
    locale: (isLocaleId(row.locale) ? row.locale : fallbackLocale) as LocaleId
  }))
}
