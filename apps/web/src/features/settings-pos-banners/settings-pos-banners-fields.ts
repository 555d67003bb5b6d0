import type { Shop, ShopPatch } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { isEmptyValue, type Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/*
 * settings/posBanners (decision 0099): the shop's `posBanners`, shown in their order on the customer
 * screen while no order is on the till. The media picker holds an image as an imageRef; the shop stores
 * the attachment's id.
 */

export const MAX_POS_BANNERS = 20

// A type, not an interface: each item is passed on as the form's `Values`, which only a type alias can be.
export type BannerValues = {
  image: { type: 'attachment'; attachment: string } | null
  title: unknown
  enabled: boolean
}

/** The item's own inputs; the list input adds moving and removing. */
export const bannerItemFields: FieldDef[] = [
  { name: 'image', label: 'posBanners.image', type: 'image', required: true },
  { name: 'title', label: 'posBanners.bannerTitle', type: 'translatable' },
  { name: 'enabled', label: 'posBanners.enabled', type: 'boolean' }
]

const imageId = (image: unknown) =>
  image && typeof image === 'object' && typeof (image as { attachment?: unknown }).attachment === 'string'
    ? (image as { attachment: string }).attachment
    : null

/** Every banner needs its picture, and the shop keeps at most 20 (the shared schema's limit). */
export const checkBanners = (value: unknown): AnyMessageKey | undefined => {
  const banners = (Array.isArray(value) ? value : []) as BannerValues[]
  if (banners.length > MAX_POS_BANNERS) return 'posBanners.tooMany'
  return banners.some((banner) => !imageId(banner.image)) ? 'posBanners.imageRequired' : undefined
}

export const posBannersOf = (shop: Shop | undefined): Values => ({
  posBanners: (shop?.posBanners ?? []).map((banner): BannerValues => ({
    image: { type: 'attachment', attachment: banner.image },
    title: banner.title ?? null,
    enabled: banner.enabled
  }))
})

export const posBannersPatch = (values: Values): ShopPatch => ({
  posBanners: ((values.posBanners as BannerValues[] | undefined) ?? []).map((banner) => ({
    image: imageId(banner.image)!,
    ...(isEmptyValue(banner.title) ? {} : { title: banner.title as string }),
    enabled: Boolean(banner.enabled)
  }))
})
