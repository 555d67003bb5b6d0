import { productCommentSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const productCommentModel = modelFromSchema('productComments', productCommentSchema)
