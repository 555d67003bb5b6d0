import { shopUserPointSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopUserPointModel = modelFromSchema('shopUserPoints', shopUserPointSchema)
