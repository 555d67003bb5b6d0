import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

const nullableInteger = Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { readOnly: true }))

/**
 * Attachment (spec §3.6): one uploaded file of a shop. Everything but `name` is set by the server
 * from the bytes it received (docs/decisions/0021-media.md); `path` is `{dir}/{parent}` from the upload URL.
 */
export const attachmentSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String({ minLength: 1, maxLength: 255 }),
    date: Type.String({ format: 'date-time', readOnly: true }),
    path: Type.String({ maxLength: 300, readOnly: true }),
    src: Type.String({ maxLength: 2000, readOnly: true }),
    mime: Type.String({ maxLength: 200, readOnly: true }),
    size: Type.Integer({ minimum: 0, readOnly: true }),
    width: nullableInteger,
    height: nullableInteger,
    /** Seconds, for video and audio when the container states it; otherwise absent. */
    duration: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { readOnly: true })),
    /** A tiny data-URL preview for placeholders; the grid uses `/api/thumbs/{_id}`. */
    thumb: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()], { readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Attachment', additionalProperties: false }
)
export type Attachment = Static<typeof attachmentSchema>
/** Attachments are made by uploading; a client may only rename one. */
export type AttachmentPatch = Partial<Pick<Attachment, 'name'>>
export type AttachmentQuery = Partial<Pick<Attachment, '_id' | 'mime' | 'path' | 'name'>> & { shop: string }

/** What `POST /api/attachments/upload/...` answers (spec §7.6: `data.info` is merged into the item). */
export interface AttachmentUploadResult {
  info: Attachment
}

/** What `attachments/token` create answers: a short-lived upload token for one user and one shop. */
export interface AttachmentUploadToken {
  token: string
  expiresAt: string
}

/** The sizes of spec §9.6 srcsets, by name, in pixels of width. */
export const imageSizes = { small: 400, medium: 800, large: 1200, exlarge: 2000 } as const
export type ImageSize = keyof typeof imageSizes

/** The upload address of spec §7.6 (`dir` and `parent` default to 'others'). */
export const attachmentUploadPath = (dir = 'others', parent = 'others') =>
  `/api/attachments/upload/${encodeURIComponent(dir)}/${encodeURIComponent(parent)}`
