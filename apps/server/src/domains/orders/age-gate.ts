import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'

/**
 * The shop's age gate (shop flag ageRestricted, decision 0178): while it is on, an order holding a product
 * marked age-restricted is taken only with `ageConfirmed: true`, the buyer's own confirmation at the
 * storefront or the cashier's at the till. Checked on the server for every order, whatever the client shows.
 */
export const checkAgeGate = async (
  trx: Knex.Transaction,
  shop: string,
  flags: { ageRestricted?: boolean | null },
  products: readonly { product: string }[],
  ageConfirmed: boolean | null | undefined
) => {
  if (flags.ageRestricted !== true || ageConfirmed === true) return
  const ids = [...new Set(products.map((line) => line.product))]
  if (!ids.length) return
  const restricted = await trx('products').where({ shop, ageRestricted: true }).whereIn('_id', ids).first('_id')
  if (restricted)
    throw new BadRequest('This order has age-restricted goods: confirm that the customer is of legal age', {
      key: 'order.ageRequired',
      field: 'ageConfirmed'
    })
}
