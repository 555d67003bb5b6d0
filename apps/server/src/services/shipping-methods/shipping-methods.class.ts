import { BadRequest } from '@feathersjs/errors'
import { shippingMethodMessages, shippingMethodProblem, type ShippingMethod } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordParams } from '../../platform/records/record-service'

/** The shared rule (shippingMethodProblem), on the record as written, so patches and operators obey it too. */
export const checkShippingMethod = (method: Record<string, unknown>) => {
  const problem = shippingMethodProblem(method)
  if (!problem) return
  const message = shippingMethodMessages[problem.key].replace('{other}', String(problem.values?.other ?? ''))
  throw new BadRequest(message, { errors: [{ field: problem.field, key: problem.key, values: problem.values, message }] })
}

/** Shipping methods (spec §3.13; decision 0113), listed in the order the checkout shows them. */
export class ShippingMethodService extends CheckedRecordService<ShippingMethod> {
  protected readonly check = checkShippingMethod

  override async find(params: RecordParams = {}) {
    const query = (params.query ?? {}) as Record<string, unknown>
    // Smaller `order` first, unordered ones last, then oldest first: the checkout's and the list's order.
    if (query.$sort !== undefined) return super.find(params)
    return super.find({ ...params, query: { ...query, $sort: { order: 1, createdAt: 1 } } })
  }
}
