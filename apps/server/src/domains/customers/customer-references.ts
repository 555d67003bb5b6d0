import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'

/**
 * Where a customer (a shopUsers id) is named, by table and column (decision 0083). A merge moves all
 * of them to the customer kept, in its transaction; a removal is refused while any names the customer.
 */
export const CUSTOMER_REFERENCES: readonly { table: string; column: string }[] = [
  { table: 'orders', column: 'user' },
  { table: 'payments', column: 'user' },
  { table: 'shopRankLogs', column: 'user' },
  // Points (decision 0091): a merge moves the removed customer's lots and log to the one kept.
  { table: 'shopUserPoints', column: 'user' },
  { table: 'pointLogs', column: 'user' },
  { table: 'pointLogs', column: 'counterpart' },
  // The installed app's push subscriptions (decision 0208): the kept customer's browsers get the notices.
  // One endpoint has one holder per shop (a unique index), so moving them makes no duplicate. Sent
  // notices (`pushNotices`) name an order, not a customer: they follow the order and are not sent again.
  { table: 'pushSubscriptions', column: 'customer' },
  // The mini-program shopper's id (decision 0204) signs in as the kept customer from then on.
  { table: 'miniIdentities', column: 'user' }
]

/** Moves every reference to customer `from` onto customer `to`, within one shop; answers the counts moved. */
export const moveCustomerReferences = async (
  trx: Knex.Transaction,
  shop: string,
  from: string,
  to: string
): Promise<Record<string, number>> => {
  const moved: Record<string, number> = {}
  for (const { table, column } of CUSTOMER_REFERENCES) {
    moved[table] = Number(
      await trx(table)
        .where({ shop, [column]: from })
        .update({ [column]: to })
    )
  }
  return moved
}

/** Whether orders or payments still name the customer (it cannot be removed then). */
export const customerHasOrders = async (trx: Knex.Transaction, shop: string, user: string): Promise<boolean> => {
  for (const table of ['orders', 'payments']) {
    if (await trx(table).where({ shop, user }).first('_id')) return true
  }
  return false
}

/** Whether the customer has a points history (lots or log rows): removing them would lose it. */
export const customerHasPoints = async (trx: Knex.Transaction, shop: string, user: string): Promise<boolean> =>
  Boolean(await trx('pointLogs').where({ shop, user }).first('_id'))

/**
 * An order names a customer of its own shop (400 on `user`). The customer row is read with a share
 * lock, so a removal or merge of that customer running at the same time waits for the order (and then
 * finds it) or has finished (and the order is refused).
 */
export const checkOrderCustomer = async (
  trx: Knex.Transaction,
  shop: string,
  user: string | null | undefined
): Promise<{ name?: string | null; phone?: string | null; email?: string | null } | undefined> => {
  if (user === undefined || user === null) return undefined
  const found = (await trx('shopUsers').where({ shop, _id: user }).forShare().first('_id', 'name', 'phone', 'email')) as
    { name?: string | null; phone?: string | null; email?: string | null } | undefined
  if (!found) throw new BadRequest('Not a customer of this shop', { key: 'customer.notCustomer', field: 'user' })
  return found
}

/**
 * What an order says of its customer: what the caller typed, each part it left out taken from the
 * chosen customer's record, so the order page, the invoice and exports name whom it was sold to.
 */
export const orderCustomerOf = (
  typed: { name?: string; phone?: string; email?: string } | null | undefined,
  chosen: { name?: string | null; phone?: string | null; email?: string | null } | undefined
): { name?: string; phone?: string; email?: string } | null => {
  const part = (key: 'name' | 'phone' | 'email') => typed?.[key]?.trim() || chosen?.[key]?.trim() || undefined
  const customer = Object.fromEntries(
    (['name', 'phone', 'email'] as const).flatMap((key) => (part(key) ? [[key, part(key)]] : []))
  ) as { name?: string; phone?: string; email?: string }
  return Object.keys(customer).length ? customer : (typed ?? null)
}
