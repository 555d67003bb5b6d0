import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Knex } from 'knex'

type Data = Record<string, unknown>

/** Every shop id a value names: `{shop}` entries, arrays of them, `$each`, or a dotted `…shop` path's string. */
const shopsIn = (value: unknown, key: string, into: Set<string>) => {
  if (typeof value === 'string') {
    if (key === 'shop' || key.endsWith('.shop')) into.add(value)
    return
  }
  if (Array.isArray(value)) for (const item of value) shopsIn(item, key, into)
  else if (value && typeof value === 'object')
    for (const [inner, item] of Object.entries(value as Data)) shopsIn(item, inner === '$each' ? key : inner, into)
}

const isAccessKey = (key: string) => key === 'accessShop' || key.startsWith('accessShop.')

/**
 * The shops a create, update or patch names in `accessShop`, plainly or through an operator
 * (`$set`, `$push` with or without `$each`, dotted paths such as `accessShop.0.shop`). Undefined when
 * the data does not touch `accessShop` at all.
 */
export const sharedWithShops = (data: unknown): Set<string> | undefined => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined
  const shops = new Set<string>()
  let touched = false
  for (const [key, value] of Object.entries(data as Data)) {
    if (isAccessKey(key)) {
      touched = true
      shopsIn(value, key, shops)
    } else if (key.startsWith('$') && value && typeof value === 'object') {
      for (const [inner, operand] of Object.entries(value as Data))
        if (isAccessKey(inner)) {
          touched = true
          shopsIn(operand, inner, shops)
        }
    }
  }
  return touched ? shops : undefined
}

export const shareNotLinked = () =>
  new Forbidden('A record can be shared only with a sub-shop or the parent shop it is linked with', {
    key: 'errors.shareNotLinked',
    field: 'accessShop'
  })

export const shareInBatch = () =>
  new BadRequest('Share records one at a time', { key: 'errors.shareNotLinked', field: 'accessShop' })

/** The shops among `ids` linked with `shop` by an accepted sub-shop link (decision 0087): its sub-shops and its parent. */
export const linkedShops = async (knex: Knex | Knex.Transaction, shop: string, ids: string[]): Promise<Set<string>> => {
  if (!ids.length) return new Set()
  const links = (await knex('shopMembers')
    .where({ role: 'subshop', accepted: true })
    .andWhere((where) =>
      where
        .where({ shop })
        .whereIn('subShop', ids)
        .orWhere((parent) => parent.where({ subShop: shop }).whereIn('shop', ids))
    )
    .select('shop', 'subShop')) as { shop: string; subShop: string }[]
  return new Set(links.map((link) => (link.shop === shop ? link.subShop : link.shop)))
}

/**
 * Sharing needs the other shop's consent (decision 0123): a shop may name in `accessShop` only shops
 * linked with it by an accepted sub-shop link (decision 0087) — its own sub-shops, or its parent —
 * besides itself and the shops the record already names (taking a share back, or keeping it, needs
 * no consent). A link is made by the sub-shop's admin accepting the parent's invitation, so both
 * ends agreed to it; anyone else would otherwise find products pushed into their lists.
 */
export const checkShareConsent = async (knex: Knex, shop: string, named: Set<string>, already: Iterable<string> = []) => {
  const asked = new Set(named)
  asked.delete(shop)
  for (const kept of already) asked.delete(kept)
  if (!asked.size) return
  const ids = [...asked]
  const linked = await linkedShops(knex, shop, ids)
  if (ids.some((id) => !linked.has(id))) throw shareNotLinked()
}
