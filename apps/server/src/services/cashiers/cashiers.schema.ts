import { cashierSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const cashierModel = modelFromSchema('cashiers', cashierSchema)
