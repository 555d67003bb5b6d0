import { shopSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const shopModel = modelFromSchema('shops', shopSchema)
