import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** An image field's value (spec §3.6 imageRef): an uploaded attachment, or an outside address. */
export const imageRefSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('attachment'), Type.Literal('src')]),
    attachment: Type.Optional(Type.String({ pattern: ID_PATTERN })),
    src: Type.Optional(Type.String({ maxLength: 2000 })),
    thumb: Type.Optional(Type.String({ maxLength: 200_000 })),
    width: Type.Optional(Type.Integer({ minimum: 0 })),
    height: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { additionalProperties: false }
)
export type ImageRef = Static<typeof imageRefSchema>
