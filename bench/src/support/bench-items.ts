import { Type } from '@sinclair/typebox'
import { ID_PATTERN } from '@emporia/shared'
import { modelFromSchema } from '../../../apps/server/src/platform/db/query/model'
import { TABLE } from './dataset'

/** A product-like record as a list screen shows it; `sentAt` carries the fan-out send time. */
export const benchItemSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN }),
    name: Type.String(),
    status: Type.String(),
    price: Type.Integer(),
    createdAt: Type.Optional(Type.String({ format: 'date-time' })),
    sentAt: Type.Optional(Type.Number())
  },
  { additionalProperties: false }
)

export const benchItemModel = modelFromSchema(TABLE, benchItemSchema)
