import { shippingMethodProblem, shippingMethodSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { settingsShippingMethodsScreen } from './settings-shipping-methods.screen'

/**
 * The shared range rules shown on the ranges list as the merchant edits; the server's refusal names
 * the very range (`priceRanges.1.min`) once saved.
 */
const rangesProblem = (_value: unknown, values: Values): AnyMessageKey | undefined => {
  const problem = shippingMethodProblem({ name: 'checked on its own field', priceRanges: values.priceRanges })
  if (!problem) return undefined
  return problem.key === 'shipping.rangeOverlap' ? 'shipping.rangesOverlap' : problem.key
}

/** A range with no upper bound is sent as null ("and above"), not as an empty text. */
const prepareMethod = (values: Values): Values => {
  const out: Values = { ...values }
  if (Array.isArray(out.priceRanges))
    out.priceRanges = (out.priceRanges as Values[]).map((range) => ({
      min: range.min,
      max: typeof range.max === 'number' ? range.max : null,
      price: range.price
    }))
  return out
}

/**
 * Shipping methods (spec §3.13; decision 0113): a name, a price, and price ranges by order total (a range
 * from its lowest total up to, not including, its highest; no highest: and above) that the checkout uses
 * before the price.
 */
export const settingsShippingMethodsResource = defineResource({
  screen: settingsShippingMethodsScreen,
  schema: shippingMethodSchema,
  name: 'shipping.one',
  urlKey: 'shippingMethods',
  empty: { text: 'empty.shippingMethods', action: 'empty.shippingMethodsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'price', text: 'shipping.price', kind: 'money', sortable: true },
    { value: 'enabled', text: 'shipping.enabled', kind: 'boolean', sortable: true },
    { value: 'order', text: 'res.order', kind: 'number', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'enabled', label: 'shipping.enabled', type: 'boolean' },
    { name: 'desc', label: 'shipping.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'price', label: 'shipping.price', type: 'money', required: true },
    { name: 'order', label: 'res.order', type: 'number', integer: true },
    {
      name: 'priceRanges',
      label: 'shipping.priceRanges',
      type: 'list',
      noItemId: true,
      wide: true,
      validate: rangesProblem,
      fields: [
        { name: 'min', label: 'shipping.rangeMin', type: 'money', required: true },
        { name: 'max', label: 'shipping.rangeMax', type: 'money' },
        { name: 'price', label: 'shipping.rangePrice', type: 'money', required: true }
      ]
    }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  defaultSort: { sortBy: ['order'], sortDesc: [false] },
  defaults: () => ({ enabled: true, priceRanges: [] }),
  prepare: prepareMethod
})
