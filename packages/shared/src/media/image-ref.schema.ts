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

/**
 * A video field's value (spec §5.6): an uploaded attachment (its id and path), or a link to a video
 * site. What the web's video picker stores.
 */
export const videoRefSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('attachment'), Type.Literal('link')]),
    attachment: Type.Optional(
      Type.Object({ id: Type.String({ pattern: ID_PATTERN }), path: Type.Optional(Type.String({ maxLength: 500 })) })
    ),
    link: Type.Optional(Type.String({ maxLength: 2000 })),
    /** What the link was recognised as: a hosting service's video id, or a plain link. */
    linkInfo: Type.Optional(
      Type.Union([
        Type.Object({ type: Type.Union([Type.Literal('youtube'), Type.Literal('vimeo')]), id: Type.String({ maxLength: 100 }) }),
        Type.Object({ type: Type.Literal('link'), url: Type.String({ maxLength: 2000 }) })
      ])
    ),
    src: Type.Optional(Type.String({ maxLength: 2000 })),
    thumb: Type.Optional(Type.String({ maxLength: 200_000 })),
    width: Type.Optional(Type.Integer({ minimum: 0 })),
    height: Type.Optional(Type.Integer({ minimum: 0 })),
    duration: Type.Optional(Type.Number({ minimum: 0 }))
  },
  { additionalProperties: false }
)
export type VideoRef = Static<typeof videoRefSchema>
