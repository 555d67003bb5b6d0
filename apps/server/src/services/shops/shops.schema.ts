import { shopSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const shopModel = modelFromSchema('shops', shopSchema)
