import {
  localeIds,
  productImageRatios,
  siteSettingsProblem,
  storefrontUi,
  type LocaleId,
  type ProductImageRatio,
  type Shop,
  type ShopPatch
} from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/*
 * settings/ui (decision 0113): the storefront's languages and how it lists products, from the shared
 * contract (`uiSettingsFields`). The form starts from what the storefront uses now (the defaults filled in).
 */

const languages = Object.fromEntries(localeIds.map((id) => [id, `lang.${id}` as AnyMessageKey]))
const ratios = Object.fromEntries(productImageRatios.map((ratio) => [ratio, `ui.ratio.${ratio}` as AnyMessageKey]))

export const uiSettingsFormFields: FieldDef[] = [
  { name: 'uiLocales', label: 'ui.locales', type: 'select', multiple: true, required: true, source: { enumList: languages } },
  {
    name: 'uiDefaultLocale',
    label: 'ui.defaultLocale',
    type: 'select',
    required: true,
    source: { enumList: languages },
    validate: (_value, values) => siteSettingsProblem(values as never)?.key
  },
  { name: 'uiProductsPerPage', label: 'ui.productsPerPage', type: 'number', integer: true, required: true },
  { name: 'uiProductImageRatio', label: 'ui.productImageRatio', type: 'select', required: true, source: { enumList: ratios } },
  { name: 'uiShowStock', label: 'ui.showStock', type: 'boolean' },
  { name: 'uiShowSoldOut', label: 'ui.showSoldOut', type: 'boolean' }
]

export const uiSettingsOf = (shop: Shop | undefined): Values => {
  const ui = storefrontUi(shop ?? {})
  return {
    uiLocales: ui.locales,
    uiDefaultLocale: ui.defaultLocale,
    uiProductsPerPage: ui.productsPerPage,
    uiProductImageRatio: ui.productImageRatio,
    uiShowStock: ui.showStock,
    uiShowSoldOut: ui.showSoldOut
  }
}

/** The shop patch: only these settings, languages in the interface's order. */
export const uiSettingsPatch = (values: Values): ShopPatch => {
  const chosen = Array.isArray(values.uiLocales) ? (values.uiLocales as string[]) : []
  return {
    uiLocales: localeIds.filter((id) => chosen.includes(id)),
    uiDefaultLocale: values.uiDefaultLocale as LocaleId,
    uiProductsPerPage: Number(values.uiProductsPerPage),
    uiProductImageRatio: values.uiProductImageRatio as ProductImageRatio,
    uiShowStock: Boolean(values.uiShowStock),
    uiShowSoldOut: Boolean(values.uiShowSoldOut)
  }
}
