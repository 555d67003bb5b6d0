import { couponTemplateSchema, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { couponTemplatesScreen } from './coupon-templates.screen'
import { CouponsSection } from './coupons-section'

/**
 * Coupon templates (spec §3.9, decision 0090): what a coupon gives (a discount rule), who may have it
 * and how many, and when a coupon is usable; the editor lists the template's coupons below its fields.
 */
export const couponTemplatesResource = defineResource({
  screen: couponTemplatesScreen,
  schema: couponTemplateSchema,
  name: 'couponTemplate.one',
  urlKey: 'couponTemplates',
  empty: { text: 'empty.couponTemplates', action: 'empty.couponTemplatesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'discount', text: 'couponTemplate.discount', lookup: { path: servicePaths.discounts } },
    { value: 'open', text: 'couponTemplate.open', kind: 'boolean', sortable: true },
    { value: 'totalPicked', text: 'couponTemplate.totalPicked', kind: 'number', sortable: true },
    { value: 'limitTotal', text: 'couponTemplate.limitTotal', kind: 'number', sortable: true },
    { value: 'limitPerUser', text: 'couponTemplate.limitPerUser', kind: 'number' },
    { value: 'validTo', text: 'couponTemplate.validTo', kind: 'datetime', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    // What it is and what it gives.
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    {
      name: 'discount',
      label: 'couponTemplate.discount',
      type: 'select',
      required: true,
      source: { path: servicePaths.discounts, searchFields: translatablePaths('name') }
    },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'terms', label: 'couponTemplate.terms', type: 'translatable', multiline: true, wide: true },
    { name: 'icon', label: 'res.icon', type: 'image' },
    { name: 'tag', label: 'couponTemplate.tag', type: 'text' },
    // Who may have it, and how many.
    { name: 'open', label: 'couponTemplate.open', type: 'boolean' },
    { name: 'limitTotal', label: 'couponTemplate.limitTotal', type: 'number', integer: true },
    { name: 'limitPerUser', label: 'couponTemplate.limitPerUser', type: 'number', integer: true },
    // When it is offered, and when a coupon of it is usable.
    { name: 'validFrom', label: 'couponTemplate.validFrom', type: 'datetime' },
    { name: 'validTo', label: 'couponTemplate.validTo', type: 'datetime' },
    { name: 'validUntil', label: 'couponTemplate.validUntil', type: 'datetime' },
    { name: 'validIn', label: 'couponTemplate.validIn', type: 'number', integer: true },
    { name: 'expiresIn', label: 'couponTemplate.expiresIn', type: 'number', integer: true },
    { type: 'custom', display: true, name: 'coupons', label: 'couponTemplate.coupons', component: CouponsSection, wide: true }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'tag', type: 'regexp', label: 'couponTemplate.tag' }
  ]
})
