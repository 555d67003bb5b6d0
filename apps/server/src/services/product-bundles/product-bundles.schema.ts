import { productBundleSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const productBundleModel = modelFromSchema('productBundles', productBundleSchema)
