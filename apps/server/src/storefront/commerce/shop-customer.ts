import type { Knex } from 'knex'
import { normalisedCustomer, type ShopUser } from '@emporia/shared'
import type { Commerce } from './commerce-context'
import type { CheckoutInput } from './checkout-input'

/**
 * The shop user a checkout belongs to (spec §3.10, decision 0109): the shop's customer with this
 * e-mail (else with this phone, which is unique in a shop too), or a new one made through the shopUsers service (its rules, its afterRegister promotions) in
 * the checkout's transaction. The e-mail is locked first, so two checkouts of a new customer at once
 * make one customer. An existing customer's record is not changed by what a guest typed.
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
  const byPhone = (await trx('shopUsers').where({ shop, phone }).first('_id')) as { _id: string } | undefined
  if (byPhone) return byPhone._id
  const made = (await commerce.app
    .service('shopUsers')
    .create(
      { firstName: customer.firstName, lastName: customer.lastName ?? null, email: customer.email, phone: customer.phone },
      { shop, transaction: trx } as Record<string, unknown>
    )) as ShopUser
  return made._id
}
