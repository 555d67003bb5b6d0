import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

/** Banner (spec §?): the record of the `banners` service. Add its fields here. */
export const bannerSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: storedTextSchema,
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'Banner', additionalProperties: false }
)
export type Banner = Static<typeof bannerSchema>
export type BannerData = Omit<Banner, '_id' | 'shop' | 'createdAt' | 'updatedAt'>
export type BannerPatch = Partial<BannerData>
