import type { Knex } from 'knex'
import { newObjectId } from '../platform/object-id'

/**
 * A shop's write-only credentials (decision 0079): kept in `shopSecrets`, one row per (shop, name),
 * never in the shop row, so no read of a shop (get, find, events, exports, `$populate`) can carry
 * them. The shops service writes them; services that talk to a provider read them here.
 */
export const shopSecretNames = ['stripeSecretKey', 'stripeWebhookSecret'] as const
export type ShopSecretName = (typeof shopSecretNames)[number]

/** Changes to a shop's secrets: a text stores it, null removes it, absent leaves it. */
export type ShopSecretChanges = Partial<Record<ShopSecretName, string | null>>

/**
 * One secret of a shop, or null when the merchant has not set it. `knex` may be a transaction,
 * behind the shop's wall or not (the table's wall lets a shop-bound transaction read its own shop's).
 */
export const readShopSecret = async (knex: Knex, shop: string, name: ShopSecretName): Promise<string | null> => {
  const row = (await knex('shopSecrets').select('value').where({ shop, name }).first()) as { value: string } | undefined
  return row?.value ?? null
}

/** Which secrets a shop has set. */
export const shopSecretsSet = async (knex: Knex, shop: string): Promise<Set<ShopSecretName>> => {
  const rows = (await knex('shopSecrets').select('name').where({ shop })) as { name: ShopSecretName }[]
  return new Set(rows.map((row) => row.name))
}

/** Stores and removes secrets of a shop (in the caller's transaction, with the shop's other changes). */
export const writeShopSecrets = async (trx: Knex.Transaction, shop: string, changes: ShopSecretChanges) => {
  for (const [name, value] of Object.entries(changes) as [ShopSecretName, string | null | undefined][]) {
    if (value === undefined) continue
    if (value === null) {
      await trx('shopSecrets').where({ shop, name }).delete()
      continue
    }
    await trx('shopSecrets')
      .insert({ _id: newObjectId(), shop, name, value })
      .onConflict(['shop', 'name'])
      .merge({ value, updatedAt: trx.fn.now() })
  }
}

/** Removes the named secrets of a shop (all card secrets when its card payment settings go). */
export const removeShopSecrets = (trx: Knex.Transaction, shop: string, names: readonly ShopSecretName[]) =>
  trx('shopSecrets').where({ shop }).whereIn('name', names).delete()
