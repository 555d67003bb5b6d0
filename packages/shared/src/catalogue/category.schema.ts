import { Type, type Static } from '@sinclair/typebox'
import { imageRefSchema } from '../media/image-ref.schema'
import { ID_PATTERN } from '../platform/ids'
import { storedTextSchema } from '../shops/shop.schema'

const image = Type.Optional(Type.Union([imageRefSchema, Type.Null()]))

/** What categories and brands both have: a shop, a name, a description, an icon and a banner. */
const decorated = {
  _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
  shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
  name: storedTextSchema,
  desc: Type.Optional(storedTextSchema),
  icon: image,
  banner: image
}
const stamps = {
  createdAt: Type.String({ format: 'date-time', readOnly: true }),
  updatedAt: Type.String({ format: 'date-time', readOnly: true })
}

/** Category (spec §3.7): name, desc, icon, banner, order. */
export const categorySchema = Type.Object(
  { ...decorated, order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })), ...stamps },
  { $id: 'Category', additionalProperties: false }
)
export type Category = Static<typeof categorySchema>
export type CategoryData = Pick<Category, 'name'> & Partial<Pick<Category, 'desc' | 'icon' | 'banner' | 'order'>>
export type CategoryPatch = Partial<CategoryData>

/** Brand (spec §3.7): name, desc, icon, banner. */
export const brandSchema = Type.Object({ ...decorated, ...stamps }, { $id: 'Brand', additionalProperties: false })
export type Brand = Static<typeof brandSchema>
export type BrandData = Pick<Brand, 'name'> & Partial<Pick<Brand, 'desc' | 'icon' | 'banner'>>
export type BrandPatch = Partial<BrandData>
