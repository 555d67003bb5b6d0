import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'

type Row = Record<string, unknown>

/** The alias a shop patch sets, plainly or by `$set`; undefined when it does not set one. */
const aliasSet = (data: Row): unknown => {
  if ('alias' in data) return data.alias
  const set = data.$set as Row | undefined
  return set && typeof set === 'object' && 'alias' in set ? set.alias : undefined
}

/**
 * A client sets a shop's alias (spec §3.1) only to one of its verified domains (decision 0112); removing
 * it (`null`, `$unset`) is always allowed. `domains/alias` is the way in; this keeps the shops patch, its
 * operators included, from being a side door.
 */
export const checkAliasWrite = async (knex: Knex, shop: string | null, data: Row) => {
  const alias = aliasSet(data)
  if (alias === undefined || alias === null) return
  const refused = new BadRequest('Only a verified domain of the shop can be its alias', {
    key: 'domain.aliasNeedsVerified',
    field: 'alias'
  })
  if (typeof alias !== 'string' || shop === null) throw refused
  const domain = await knex('domains').where({ shop, name: alias, status: 'verified' }).first('_id')
  if (!domain) throw refused
}
