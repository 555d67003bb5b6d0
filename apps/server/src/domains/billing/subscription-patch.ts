import { BadRequest } from '@feathersjs/errors'
import { Type } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { billingInfoSchema, type SubscriptionPatch } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import { dataValidators, describeErrors, fieldsOf } from '../../platform/records/validate-data'
import { lockSubscription, type SubscriptionRow } from './subscriptions'

/*
 * What a shop's admin changes on its subscription directly (decision 0129): the billing info printed on
 * invoices, and whether the contract renews itself. Plan, state and dates move only by payment, the sweep
 * or an operator.
 */

// Without its $id: the same schema is also referenced by id elsewhere, and one Ajv instance holds one.
const { $id: _id, ...billingInfo } = billingInfoSchema
const patchModel = modelFromSchema(
  'shopSubscriptions',
  // The id is the model's only: a patch naming it is refused below like any other field.
  Type.Object(
    { _id: Type.String({ readOnly: true }), billingInfo: Type.Unsafe(billingInfo), autoRenew: Type.Boolean() },
    { additionalProperties: false }
  )
)
const PATCHABLE = new Set(['billingInfo', 'autoRenew'])
const validators = dataValidators(patchModel)

/** The admin's patch, or 400 naming the field: anything but `billingInfo` and `autoRenew` is unknown. */
export const checkSubscriptionPatch = (input: unknown): SubscriptionPatch => {
  const data = fieldsOf(input)
  if (!Object.keys(data).length)
    throw new BadRequest('Nothing to change', {
      errors: [{ field: 'billingInfo', key: 'format.required', message: 'Nothing to change' }]
    })
  const unknown = Object.keys(data).filter((field) => !PATCHABLE.has(field))
  if (unknown.length)
    throw new BadRequest(`Only billingInfo and autoRenew can be changed`, {
      errors: unknown.map((field) => ({ field, key: 'format.unknownField', message: `"${field}" is not a known field` }))
    })
  if (!validators.patch(data)) {
    const errors = describeErrors(validators.patch.errors ?? [])
    throw new BadRequest(`Invalid data: ${errors.map((e) => e.message).join('; ')}`, { errors })
  }
  return data as SubscriptionPatch
}

/** Applies it under the subscription's lock; turning auto-renew off clears the next bill. */
export const patchSubscription = async (
  trx: Knex.Transaction,
  shop: string,
  patch: SubscriptionPatch
): Promise<SubscriptionRow> => {
  const row = await lockSubscription(trx, shop)
  const update: Record<string, unknown> = { updatedAt: trx.fn.now() }
  if (patch.billingInfo !== undefined) update.billingInfo = JSON.stringify(patch.billingInfo)
  if (patch.autoRenew !== undefined) {
    update.autoRenew = patch.autoRenew
    update.nextBill = patch.autoRenew && row.state === 'active' ? row.end : null
  }
  const [saved] = (await trx('shopSubscriptions').where({ _id: row._id }).update(update).returning('*')) as SubscriptionRow[]
  return saved
}
