import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** The longest comment or reply, in characters, once made plain text. */
export const COMMENT_MAX_LENGTH = 1000
/** The longest author name kept with a comment. */
export const COMMENT_AUTHOR_MAX_LENGTH = 80

/** A comment waits for the merchant (`pending`), then shows on the storefront (`approved`) or not (`hidden`). */
export const commentStatuses = ['pending', 'approved', 'hidden'] as const
export type CommentStatus = (typeof commentStatuses)[number]

/**
 * Product comment (spec §2.7 "recent comments", issue item "reviews"): a signed-in storefront customer's
 * words on a product, with an optional 1–5 rating, shown once the merchant approves it, with the
 * merchant's reply under it. `customer` and `author` are the server's (the session's customer).
 */
export const productCommentSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    product: Type.String({ pattern: ID_PATTERN, ref: 'products' }),
    customer: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true })),
    author: Type.Optional(Type.String({ maxLength: COMMENT_AUTHOR_MAX_LENGTH, readOnly: true })),
    rating: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()])),
    text: Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH }),
    status: Type.Optional(
      Type.Union(
        commentStatuses.map((status) => Type.Literal(status)),
        { default: 'pending' }
      )
    ),
    reply: Type.Optional(Type.Union([Type.String({ maxLength: COMMENT_MAX_LENGTH }), Type.Null()])),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ProductComment', additionalProperties: false }
)
export type ProductComment = Static<typeof productCommentSchema>
export type ProductCommentData = Omit<ProductComment, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type ProductCommentPatch = Partial<ProductCommentData>

// Control characters but the line break and tab; zero-width and direction overrides (text that reads
// differently than it is stored).
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g
const TAG = /<\/?[a-zA-Z!][^<>]*>/g

/**
 * A comment's words as plain text (decision 0193): markup tags and invisible characters dropped,
 * lines trimmed, at most one blank line in a row. The storefront and the back office show the text
 * as text (escaped), so this keeps out what a reader would not see, not what a browser would run.
 */
export const plainCommentText = (value: string) =>
  value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(TAG, '')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
