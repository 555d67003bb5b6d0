import type { LocaleId } from '../i18n/locales'
import { pickTran } from '../pages/tran'

/** What an order line keeps of its goods as sold (decision 0139); older lines may have only `name`. */
export interface TitledLine {
  /** The product's name as the catalogue stored it then (every language it had). */
  productName?: unknown
  /** The SKU's own name then; absent or null for a product without SKUs. */
  skuName?: unknown
  /** The name the line was sold under before lines kept both (the SKU's, else the product's). */
  name?: unknown
}

/** The separator between the product's and the SKU's name ("Tea set · Large"). */
export const LINE_TITLE_SEPARATOR = ' · '

/**
 * One order line's title in a language (decision 0139): "Tea set · Large", or the product's name alone
 * when the SKU has no name of its own (or repeats the product's). A line kept before lines had both
 * names shows the name it was kept with. Pure: the popup, order pages, receipts and reports all use it.
 * `locale` is a language, or the caller's own way of picking a translatable text in its language.
 */
export const lineTitle = (line: TitledLine, locale: LocaleId | ((text: unknown) => string)): string => {
  const text = (value: unknown) => (typeof locale === 'function' ? locale(value) : pickTran(value, locale))
  const product = line.productName === undefined || line.productName === null ? '' : text(line.productName).trim()
  if (!product) return text(line.name)
  const sku = line.skuName === undefined || line.skuName === null ? '' : text(line.skuName).trim()
  return sku && sku !== product ? `${product}${LINE_TITLE_SEPARATOR}${sku}` : product
}
