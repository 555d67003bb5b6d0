import { discountSchema, type DiscountStatus } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { StatusChip } from '../../components/ui/status-chip'
import { listT } from '../../lib/i18n/lists'
import type { ChipColour } from '../../lib/order-labels'
import { translatablePaths } from '../../lib/table/search-query'
import { CartPreview } from './cart-preview'
import { availLabels, discountFields, discountRecord, heading, statusLabels, typeLabels } from './discount-fields'
import { discountsScreen } from './discounts.screen'

const statusColours: Record<DiscountStatus, ChipColour> = { valid: 'success', draft: 'default', overlimit: 'warning' }

/**
 * Discount rules (spec §3.9; decision 0089): the list, and an editor grouped as a merchant reads a rule —
 * basics, what it gives, conditions, goods, stacking — with a "try a cart" preview running the engine.
 */
export const discountsResource = defineResource({
  screen: discountsScreen,
  schema: discountSchema,
  name: 'discount.one',
  urlKey: 'discounts',
  empty: { text: 'empty.discounts', action: 'empty.discountsAdd' },
  defaultSort: { sortBy: ['priority'], sortDesc: [true] },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'type', text: 'discount.type', enumList: typeLabels, sortable: true },
    {
      value: 'status',
      text: 'discount.status',
      enumList: statusLabels,
      sortable: true,
      render: (row) => {
        const status = row.status as DiscountStatus
        return <StatusChip label={listT(statusLabels[status])} colour={statusColours[status]} testId={`status-${status}`} />
      }
    },
    { value: 'avail', text: 'discount.avail', enumList: availLabels, sortable: true },
    { value: 'totalUsed', text: 'discount.totalUsed', kind: 'number' },
    { value: 'limitTotal', text: 'discount.limitTotal', kind: 'number' },
    { value: 'priority', text: 'discount.priority', kind: 'number', sortable: true },
    { value: 'validFrom', text: 'discount.validFrom', kind: 'datetime', sortable: true },
    { value: 'validTo', text: 'discount.validTo', kind: 'datetime', sortable: true }
  ],
  fields: [
    ...discountFields,
    heading('$previewHeading', 'discount.section.preview'),
    { name: '$preview', label: 'discount.section.preview', type: 'custom', component: CartPreview, display: true, wide: true }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'type', type: 'enum', label: 'discount.type', enumList: typeLabels },
    { field: 'status', type: 'enum', label: 'discount.status', enumList: statusLabels },
    { field: 'avail', type: 'enum', label: 'discount.avail', enumList: availLabels }
  ],
  defaults: () => ({ type: 'percentage', status: 'draft', avail: 'both', priority: 0, automatic: true }),
  prepare: (values) => discountRecord(values),
  // A copy starts as a draft without the code, which must stay unique in the shop.
  prepareClone: (values) => ({ ...values, couponCode: null, status: 'draft' })
})
