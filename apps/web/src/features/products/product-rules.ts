import type { Values } from '../../lib/form-values'
import { cleanSpecValues } from './spec-values'

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
const orNull = (value: unknown) => (blank(value) ? null : typeof value === 'string' ? value.trim() : value)

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** A translatable text with only empty languages is no text. */
const hasText = (value: unknown) =>
  typeof value === 'string' ? value.trim() !== '' : Boolean(value) && Object.values(value as Values).some((text) => !blank(text))

/**
 * A product as the editor saves it (decision 0040): an emptied code is no code (null, so the unique
 * posCode frees up); `auto_soldOut` is the inventory's to set, so it is never sent back, nor a status
 * the person left as it was; unfinished spec rows and empty SEO texts are left out.
 */
export const prepareProduct = (data: Values, record?: Values): Values => {
  const out: Values = { ...data }
  if ('posCode' in out) out.posCode = orNull(out.posCode)
  // An unchanged status is not sent: the inventory may have changed it since the editor opened.
  if (out.status === 'auto_soldOut' || (record && out.status === record.status)) delete out.status
  if (Array.isArray(out.skus)) out.skus = (out.skus as Values[]).map((sku) => ({ ...sku, code: orNull(sku.code) }))
  if (Array.isArray(out.productLinks))
    out.productLinks = (out.productLinks as Values[]).map((link) => ({ ...link, crossWarehouse: orNull(link.crossWarehouse) }))
  if ('specs' in out) out.specs = cleanSpecValues(out.specs)
  // Sharing is the owning shop's to change (spec §6.3): an unchanged list is not sent, so a shop the
  // product is shared with (write) still saves the rest.
  if (record && 'accessShop' in out && sameJson(out.accessShop ?? [], record.accessShop ?? [])) delete out.accessShop
  if (out.seo && typeof out.seo === 'object') {
    const seo = Object.fromEntries(Object.entries(out.seo as Values).filter(([, text]) => hasText(text)))
    out.seo = seo
  }
  return out
}

/** A copy of a product (clone, duplicate): codes must stay unique in the shop, so the copy has none. */
export const prepareProductClone = (values: Values): Values => {
  const out: Values = { ...values }
  delete out.posCode
  if (out.status === 'auto_soldOut') delete out.status
  if (Array.isArray(out.skus)) out.skus = (out.skus as Values[]).map(({ code: _code, quantity: _quantity, ...sku }) => sku)
  return out
}
