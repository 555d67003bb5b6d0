import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { imageRefSchema, videoRefSchema } from '../media/image-ref.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** Where a banner shows (spec §9.8 bannerTypes). */
export const bannerTypes = ['app', 'website'] as const
export type BannerType = (typeof bannerTypes)[number]
/** A banner is shown only once published (the draft/published pair of spec §4.1 news and campaigns). */
export const bannerStatuses = ['draft', 'published'] as const
export type BannerStatus = (typeof bannerStatuses)[number]

const optionalDate = Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]))

/**
 * Banner (spec §3.13): name, image or media, type, url, order, status, publish, date, expiry. A
 * published banner shows from `publish` until `expiry` (either may be empty: from now, for ever);
 * `date` is the date it announces (an event's, a sale's), shown with it. Decision 0077.
 */
export const bannerSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    image: Type.Optional(Type.Union([imageRefSchema, Type.Null()])),
    media: Type.Optional(Type.Union([videoRefSchema, Type.Null()])),
    type: literals(bannerTypes),
    /** Where a tap or click leads: an address, or a path of the shop's own site. */
    url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    /** Smaller first. */
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    status: literals(bannerStatuses),
    publish: optionalDate,
    date: optionalDate,
    expiry: optionalDate,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Banner', additionalProperties: false }
)
export type Banner = Static<typeof bannerSchema>
export type BannerData = Omit<Banner, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type BannerPatch = Partial<BannerData>

type BannerLike = Partial<Record<'status' | 'image' | 'media' | 'publish' | 'expiry', unknown>>
const time = (value: unknown) => (value ? new Date(value as string | Date).getTime() : undefined)

/**
 * Why a banner could not be shown, or undefined (decision 0077): a published one needs an image or a
 * media, and it must stop showing after it starts. The editor checks it as the merchant types, the
 * server on every record as written.
 */
export const bannerProblem = (
  banner: BannerLike
): { field: 'image'; key: 'banner.needsPicture' } | { field: 'expiry'; key: 'banner.expiryAfterPublish' } | undefined => {
  if (banner.status === 'published' && !banner.image && !banner.media) return { field: 'image', key: 'banner.needsPicture' }
  const [publish, expiry] = [time(banner.publish), time(banner.expiry)]
  if (publish !== undefined && expiry !== undefined && expiry <= publish)
    return { field: 'expiry', key: 'banner.expiryAfterPublish' }
  return undefined
}
