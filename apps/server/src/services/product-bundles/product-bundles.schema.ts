import { productBundleSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const productBundleModel = modelFromSchema('productBundles', productBundleSchema)
