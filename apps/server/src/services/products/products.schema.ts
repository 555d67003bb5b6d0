import { Type } from '@sinclair/typebox'
import { productSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

/**
 * The products table as the server sees it: the shared Product plus `keywords`, the search text the
 * service keeps (docs/decisions/0040). Server-owned and secret: clients never send or receive it.
 */
export const productRowSchema = Type.Object(
  { ...productSchema.properties, keywords: Type.Optional(Type.String({ readOnly: true })) },
  { $id: 'ProductRow', additionalProperties: false }
)

export const productModel = modelFromSchema('products', productRowSchema)
