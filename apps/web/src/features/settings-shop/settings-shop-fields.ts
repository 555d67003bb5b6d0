import { currencySymbolOf, shopFlowFlagNames, type Shop, type ShopPatch, type Theme } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { isEmptyValue, type Values } from '../../lib/form-values'
import { AttachmentIdInput } from '../../components/media/attachment-id-input'

/*
 * settings/shop (decision 0113): the shop's name, storefront address and contact details (the shop), and
 * the website's SEO defaults (the theme's `seo`; a page's own SEO wins over them).
 */

export const shopDetailsFields: FieldDef[] = [
  { name: 'name', label: 'shopSettings.name', type: 'translatable', required: true },
  { name: 'icon', label: 'shopSettings.icon', type: 'custom', component: AttachmentIdInput },
  { name: 'subdomain', label: 'shopSettings.subdomain', type: 'text', required: true },
  { name: 'contact', label: 'shopSettings.contact', type: 'text' },
  { name: 'phone', label: 'shopSettings.phone', type: 'text' },
  { name: 'shopEmail', label: 'shopSettings.shopEmail', type: 'email' },
  { name: 'location', label: 'shopSettings.location', type: 'textarea', wide: true },
  { name: 'multiscreen', label: 'shopSettings.multiscreen', type: 'boolean', help: 'shopSettings.multiscreenHelp', wide: true },
  // How every amount shows (spec §9.1; decision 0187).
  {
    name: 'currencySymbol',
    label: 'shopSettings.currencySymbol',
    type: 'select',
    required: true,
    source: { enumList: { $: 'shopSettings.currency.dollar', HK$: 'shopSettings.currency.hkDollar' } }
  }
]

export const shopDetailsOf = (shop: Shop): Values => ({
  name: shop.name,
  icon: shop.icon ?? null,
  subdomain: shop.subdomain,
  contact: shop.contact ?? '',
  phone: shop.phone ?? '',
  shopEmail: shop.shopEmail ?? '',
  location: shop.location ?? '',
  multiscreen: shop.multiscreen ?? false,
  currencySymbol: currencySymbolOf(shop)
})

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

export const shopDetailsPatch = (values: Values): ShopPatch => ({
  name: values.name as ShopPatch['name'],
  subdomain: text(values.subdomain),
  contact: text(values.contact),
  phone: text(values.phone),
  shopEmail: text(values.shopEmail) || null,
  location: text(values.location),
  icon: typeof values.icon === 'string' && values.icon ? values.icon : null,
  multiscreen: values.multiscreen === true,
  currencySymbol: currencySymbolOf({ currencySymbol: values.currencySymbol })
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

/**
 * The shop's switches (spec §3.1): screens a shop uses or not. Turning one off hides its screens in the
 * drawer; nothing recorded under it is removed, and turning it on again shows it all.
 */
export const shopSwitchNames = ['useSubShop', 'useCashboxLog', 'useInventoryLot', 'i18n'] as const

/** The shop-flow flags (spec §3.1 shopFlow; decision 0178), each with what it changes in one line. */
export const shopFlowNames = shopFlowFlagNames

const flagField = (name: string): FieldDef => ({
  name,
  label: `shopSettings.flag.${name}` as FieldDef['label'],
  help: `shopSettings.flag.${name}.help` as FieldDef['help'],
  type: 'boolean',
  wide: true
})

export const shopSwitchFields: FieldDef[] = shopSwitchNames.map(flagField)
export const shopFlowFields: FieldDef[] = shopFlowNames.map(flagField)

const flagsOf =
  (names: readonly string[]) =>
  (shop: Shop): Values =>
    Object.fromEntries(names.map((name) => [name, (shop as unknown as Record<string, unknown>)[name] === true]))
const flagsPatch =
  (names: readonly string[]) =>
  (values: Values): ShopPatch =>
    Object.fromEntries(names.map((name) => [name, values[name] === true])) as ShopPatch

export const shopSwitchesOf = flagsOf(shopSwitchNames)
export const shopSwitchesPatch = flagsPatch(shopSwitchNames)
export const shopFlowOf = flagsOf(shopFlowNames)
export const shopFlowPatch = flagsPatch(shopFlowNames)
