import type { Knex } from 'knex'
import { newObjectId } from '../http/object-id'
import { activeSecretsKeyring, isSealed, openSecret, sealSecret, sealedKeyId, type SecretsKeyring } from './secrets-key'

/**
 * A shop's write-only credentials (decision 0079): kept in `shopSecrets`, one row per (shop, name),
 * never in the shop row, so no read of a shop (get, find, events, exports, `$populate`) can carry
 * them. The shops service writes them; services that talk to a provider read them here. Values are
 * sealed at rest (decision 0122): the column holds `enc:v1:<key id>:…`, never the credential itself.
 */
export const shopSecretNames = [
  'stripeSecretKey',
  'stripeWebhookSecret',
  // The shop's mail sender (decision 0147): an ordinary SMTP account's password, a SendGrid key, a DKIM key,
  // and the key SendGrid's event webhook is verified with (bounces, decision 0148).
  'mailSmtpPassword',
  'mailSendgridKey',
  'mailDkimKey',
  'mailSendgridWebhookKey',
  // The other payment gateways' keys and signing keys (decision 0199).
  'alipayHkKey',
  'alipayHkSign',
  'wechatPayHkKey',
  'wechatPayHkSign',
  'octopusKey',
  'terminalKey',
  // The accounting service's OAuth tokens (decision 0197), written by its connection only.
  'xeroAccessToken',
  'xeroRefreshToken',
  // The mini-program's secret (decision 0204): its login codes are exchanged with it.
  'miniProgramSecret'
] as const
export type ShopSecretName = (typeof shopSecretNames)[number]

/** Changes to a shop's secrets: a text stores it, null removes it, absent leaves it. */
export type ShopSecretChanges = Partial<Record<ShopSecretName, string | null>>

/** What a sealed value is bound to: moved to another shop or name, it no longer opens. */
const contextOf = (shop: string, name: string) => `shopSecrets/${shop}/${name}`

/**
 * One secret of a shop, or null when the merchant has not set it. `knex` may be a transaction,
 * behind the shop's wall or not (the table's wall lets a shop-bound transaction read its own shop's).
 * A stored value that does not open (changed, moved, an unknown key) is a SecretUnreadable (502).
 */
export const readShopSecret = async (
  knex: Knex,
  shop: string,
  name: ShopSecretName,
  keyring: SecretsKeyring = activeSecretsKeyring()
): Promise<string | null> => {
  const row = (await knex('shopSecrets').select('value').where({ shop, name }).first()) as { value: string } | undefined
  return row ? openSecret(keyring, row.value, contextOf(shop, name)) : null
}

/** Which secrets a shop has set. */
export const shopSecretsSet = async (knex: Knex, shop: string): Promise<Set<ShopSecretName>> => {
  const rows = (await knex('shopSecrets').select('name').where({ shop })) as { name: ShopSecretName }[]
  return new Set(rows.map((row) => row.name))
}

/** Stores and removes secrets of a shop (in the caller's transaction, with the shop's other changes). */
export const writeShopSecrets = async (
  trx: Knex.Transaction,
  shop: string,
  changes: ShopSecretChanges,
  keyring: SecretsKeyring = activeSecretsKeyring()
) => {
  for (const [name, clear] of Object.entries(changes) as [ShopSecretName, string | null | undefined][]) {
    if (clear === undefined) continue
    if (clear === null) {
      await trx('shopSecrets').where({ shop, name }).delete()
      continue
    }
    const value = sealSecret(keyring, clear, contextOf(shop, name))
    await trx('shopSecrets')
      .insert({ _id: newObjectId(), shop, name, value })
      .onConflict(['shop', 'name'])
      .merge({ value, updatedAt: trx.fn.now() })
  }
}

/** Removes the named secrets of a shop (all card secrets when its card payment settings go). */
export const removeShopSecrets = (trx: Knex.Transaction, shop: string, names: readonly ShopSecretName[]) =>
  trx('shopSecrets').where({ shop }).whereIn('name', names).delete()

type StoredRow = { _id: string; shop: string; name: string; value: string }

/**
 * Seals every value still stored in clear (written before decision 0122), with the keyring's current
 * key; answers how many it sealed. Sealed values are left alone, so running it again changes nothing.
 */
export const sealClearSecrets = async (knex: Knex, keyring: SecretsKeyring) => {
  const rows = (await knex('shopSecrets').select('_id', 'shop', 'name', 'value')) as StoredRow[]
  const clear = rows.filter((row) => !isSealed(row.value))
  for (const row of clear)
    await knex('shopSecrets')
      .where({ _id: row._id })
      .update({ value: sealSecret(keyring, row.value, contextOf(row.shop, row.name)) })
  return clear.length
}

/** The way back (the migration's down): every sealed value opened again. */
export const openSealedSecrets = async (knex: Knex, keyring: SecretsKeyring) => {
  const rows = (await knex('shopSecrets').select('_id', 'shop', 'name', 'value')) as StoredRow[]
  for (const row of rows.filter((row) => isSealed(row.value)))
    await knex('shopSecrets')
      .where({ _id: row._id })
      .update({ value: openSecret(keyring, row.value, contextOf(row.shop, row.name)) })
}

/**
 * Seals every stored value again under the keyring's current key (key rotation, decision 0122): each is
 * opened with whichever of the keyring's keys sealed it. Run in one transaction, so a value that does not
 * open stops the whole rotation with nothing changed. Answers how many values there are and how many moved.
 */
export const resealShopSecrets = async (trx: Knex.Transaction, keyring: SecretsKeyring) => {
  const rows = (await trx('shopSecrets').select('_id', 'shop', 'name', 'value').forUpdate()) as StoredRow[]
  let moved = 0
  for (const row of rows) {
    if (sealedKeyId(row.value) === keyring.current.id) continue
    const context = contextOf(row.shop, row.name)
    const clear = isSealed(row.value) ? openSecret(keyring, row.value, context) : row.value
    await trx('shopSecrets')
      .where({ _id: row._id })
      .update({ value: sealSecret(keyring, clear, context), updatedAt: trx.fn.now() })
    moved++
  }
  return { total: rows.length, moved }
}
