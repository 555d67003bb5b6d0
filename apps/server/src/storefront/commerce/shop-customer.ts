import type { Knex } from 'knex'
import { normalisedCustomer, type ShopUser } from '@emporia/shared'
import type { Commerce } from './commerce-context'
import type { CheckoutInput } from './checkout-input'

/**
 * The shop user a checkout belongs to (spec §3.10, decisions 0109 and 0114): the shop's customer with
 * this e-mail, else the one with this phone when that customer has no e-mail (made at the counter),
 * else a new one made through the shopUsers service (its rules, its afterRegister promotions) in the
 * checkout's transaction. A phone held by a customer with another e-mail is not theirs to claim: since
 * customers sign in to see their orders (0114), a typed phone must not file an order under someone
 * else's account, so the new customer is made without it (the order keeps what was typed). The e-mail
 * is locked first, so two checkouts of a new customer at once make one customer. An existing
 * customer's record is not changed by what a guest typed.
 */
export const checkoutCustomer = async (
  commerce: Commerce,
  trx: Knex.Transaction,
  shop: string,
  customer: CheckoutInput['customer']
): Promise<string> => {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`shopUsers:${shop}:${customer.email}`])
  const phone = (normalisedCustomer({ phone: customer.phone }).phone as string | undefined) || customer.phone
  const byEmail = (await trx('shopUsers').where({ shop, email: customer.email }).first('_id')) as { _id: string } | undefined
  if (byEmail) return byEmail._id
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`shopUsers:${shop}:${phone}`])
  const byPhone = (await trx('shopUsers').where({ shop, phone }).first('_id', 'email')) as
    { _id: string; email: string | null } | undefined
  if (byPhone && !byPhone.email) return byPhone._id
  const made = (await commerce.app.service('shopUsers').create(
    {
      firstName: customer.firstName,
      lastName: customer.lastName ?? null,
      email: customer.email,
      phone: byPhone ? null : customer.phone
    },
    { shop, transaction: trx } as Record<string, unknown>
  )) as ShopUser
  return made._id
}
