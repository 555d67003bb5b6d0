import { Type, type Static } from '@sinclair/typebox'
import { literals, longTextSchema, moneySchema } from '../catalogue/product.schema'
import { imageRefSchema } from '../media/image-ref.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** A topic is shown to shoppers only once published (as banners, spec §3.13). */
export const miniTopicStatuses = ['draft', 'published'] as const
export type MiniTopicStatus = (typeof miniTopicStatuses)[number]

/**
 * Topic page (spec §2.2 `mini/topics`): a campaign page of the mini-program and the app — name, desc,
 * banner, rich-text content (cut down to the storefront's allowlist on every write), a price in cents and
 * the products it shows. Decision 0205.
 */
export const miniTopicSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    desc: Type.Optional(storedTextSchema),
    banner: Type.Optional(Type.Union([imageRefSchema, Type.Null()])),
    content: Type.Optional(longTextSchema),
    /** The campaign's price (integer cents, decision 0003), shown with the topic; none when empty. */
    price: Type.Optional(Type.Union([moneySchema, Type.Null()])),
    products: Type.Array(Type.String({ pattern: ID_PATTERN, ref: 'products' }), { maxItems: 200, uniqueItems: true }),
    status: literals(miniTopicStatuses),
    /** Smaller first. */
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'MiniTopic', additionalProperties: false }
)
export type MiniTopic = Static<typeof miniTopicSchema>
export type MiniTopicData = Omit<MiniTopic, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type MiniTopicPatch = Partial<MiniTopicData>
