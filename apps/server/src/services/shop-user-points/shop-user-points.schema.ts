import { shopUserPointSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopUserPointModel = modelFromSchema('shopUserPoints', shopUserPointSchema)
