import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { ERASED_CUSTOMER_NAME } from '@emporia/shared'

/**
 * Erases a customer's personal data on request (decision 0083), in the caller's transaction. The
 * customer record stays, as the anonymised reference its orders and payments keep (`user`); its
 * personal fields are blanked and it is marked `erasedAt`. The orders' own snapshot of the customer
 * (name, phone, e-mail), their shipping address and their push subscriptions go too. Refused while an order of the customer is
 * unpaid (the shop still needs to reach them): settle or void it first. Erasing twice changes nothing.
 */
export const eraseCustomer = async (trx: Knex.Transaction, shop: string, user: string) => {
  const row = (await trx('shopUsers').where({ shop, _id: user }).forUpdate().first()) as Record<string, unknown> | undefined
  if (!row) throw new BadRequest('Not a customer of this shop', { key: 'customer.notCustomer', field: 'user' })
  if (row.erasedAt) return { user, orders: 0, erasedAt: row.erasedAt }
  const unpaid = await trx('orders').where({ shop, user, status: 'unpaid' }).first('orderId')
  if (unpaid)
    throw new Conflict('This customer has unpaid orders; settle or void them first', {
      key: 'customer.hasUnpaidOrders',
      field: 'user',
      orderId: (unpaid as { orderId: string }).orderId
    })
  const erasedAt = new Date()
  await trx('shopUsers')
    .where({ shop, _id: user })
    .update({
      title: null,
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      region: null,
      remarks: null,
      addresses: JSON.stringify([]),
      name: ERASED_CUSTOMER_NAME,
      erasedAt,
      updatedAt: erasedAt
    })
  const orders = Number(
    await trx('orders')
      .where({ shop, user })
      .update({
        customer: JSON.stringify({ name: ERASED_CUSTOMER_NAME }),
        ship: trx.raw(`case when jsonb_typeof(ship) = 'object' then ship - 'address' else ship end`),
        updatedAt: erasedAt
      })
  )
  // Their browsers' push subscriptions (decision 0203) go: no notice reaches an erased customer.
  await trx('pushSubscriptions').where({ shop, customer: user }).delete()
  // Their id on the mini-program (decision 0204) goes too: a later sign-in there makes a new customer.
  await trx('miniIdentities').where({ shop, user }).delete()
  return { user, orders, erasedAt }
}
