import { couponTemplateSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { couponTemplatesScreen } from './coupon-templates.screen'

/** CouponTemplate records (spec §?): their columns, fields and search. */
export const couponTemplatesResource = defineResource({
  screen: couponTemplatesScreen,
  schema: couponTemplateSchema,
  name: 'couponTemplate.one',
  urlKey: 'couponTemplates',
  empty: { text: 'empty.couponTemplates', action: 'empty.couponTemplatesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
