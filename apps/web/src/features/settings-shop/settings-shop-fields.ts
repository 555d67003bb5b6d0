import type { Shop, ShopPatch, Theme } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { isEmptyValue, type Values } from '../../lib/form-values'

/*
 * settings/shop (decision 0113): the shop's name, storefront address and contact details (the shop), and
 * the website's SEO defaults (the theme's `seo`; a page's own SEO wins over them).
 */

export const shopDetailsFields: FieldDef[] = [
  { name: 'name', label: 'shopSettings.name', type: 'translatable', required: true },
  { name: 'subdomain', label: 'shopSettings.subdomain', type: 'text', required: true },
  { name: 'contact', label: 'shopSettings.contact', type: 'text' },
  { name: 'phone', label: 'shopSettings.phone', type: 'text' },
  { name: 'shopEmail', label: 'shopSettings.shopEmail', type: 'email' },
  { name: 'location', label: 'shopSettings.location', type: 'textarea', wide: true }
]

export const shopDetailsOf = (shop: Shop): Values => ({
  name: shop.name,
  subdomain: shop.subdomain,
  contact: shop.contact ?? '',
  phone: shop.phone ?? '',
  shopEmail: shop.shopEmail ?? '',
  location: shop.location ?? ''
})

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

export const shopDetailsPatch = (values: Values): ShopPatch => ({
  name: values.name as ShopPatch['name'],
  subdomain: text(values.subdomain),
  contact: text(values.contact),
  phone: text(values.phone),
  shopEmail: text(values.shopEmail) || null,
  location: text(values.location)
})

export const seoFields: FieldDef[] = [
  { name: 'title', label: 'shopSettings.seoTitle', type: 'translatable' },
  { name: 'description', label: 'shopSettings.seoDescription', type: 'translatable', multiline: true },
  { name: 'keywords', label: 'shopSettings.seoKeywords', type: 'translatable' }
]

export const seoOf = (theme: Theme | undefined): Values => ({
  title: theme?.seo?.title ?? '',
  description: theme?.seo?.description ?? '',
  keywords: theme?.seo?.keywords ?? ''
})

/** Only the texts given: an emptied one is left out, so the page's or the shop's name is used instead. */
export const seoPatch = (values: Values): NonNullable<Theme['seo']> =>
  Object.fromEntries(
    seoFields.filter((field) => !isEmptyValue(values[field.name])).map((field) => [field.name, values[field.name]])
  ) as NonNullable<Theme['seo']>
