import { cashierSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const cashierModel = modelFromSchema('cashiers', cashierSchema)
