import { promotionSchema, servicePaths, type DiscountStatus, type PromotionType } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { promotionsScreen } from './promotions.screen'

const typeLabels: Record<PromotionType, AnyMessageKey> = {
  afterRegister: 'promotion.type.afterRegister',
  afterOrder: 'promotion.type.afterOrder'
}
const statusLabels: Record<DiscountStatus, AnyMessageKey> = {
  valid: 'promotion.status.valid',
  draft: 'promotion.status.draft',
  overlimit: 'promotion.status.overlimit'
}

/**
 * Promotions (spec §3.9, decision 0090): when a customer registers or an order of theirs is paid,
 * the shop gives one coupon of each chosen template and points, within the limits; `overlimit` is the
 * server's word once limitTotal grants were made.
 */
export const promotionsResource = defineResource({
  screen: promotionsScreen,
  schema: promotionSchema,
  name: 'promotion.one',
  urlKey: 'promotions',
  empty: { text: 'empty.promotions', action: 'empty.promotionsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'type', text: 'promotion.type', enumList: typeLabels, sortable: true },
    { value: 'status', text: 'promotion.status', enumList: statusLabels, sortable: true },
    { value: 'totalPicked', text: 'promotion.totalPicked', kind: 'number', sortable: true },
    { value: 'limitTotal', text: 'promotion.limitTotal', kind: 'number', sortable: true },
    { value: 'validFrom', text: 'promotion.validFrom', kind: 'datetime', sortable: true },
    { value: 'validUntil', text: 'promotion.validUntil', kind: 'datetime', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    // What and when.
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'type', label: 'promotion.type', type: 'select', required: true, source: { enumList: typeLabels } },
    { name: 'status', label: 'promotion.status', type: 'select', required: true, source: { enumList: statusLabels } },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'validFrom', label: 'promotion.validFrom', type: 'datetime' },
    { name: 'validUntil', label: 'promotion.validUntil', type: 'datetime' },
    // What it gives.
    {
      name: 'couponTemplates',
      label: 'promotion.couponTemplates',
      type: 'select',
      multiple: true,
      wide: true,
      source: { path: servicePaths.couponTemplates, searchFields: translatablePaths('name') }
    },
    { name: 'points', label: 'promotion.points', type: 'number', integer: true },
    {
      name: 'pointType',
      label: 'promotion.pointType',
      type: 'select',
      source: { path: servicePaths.pointTypes, searchFields: translatablePaths('name') }
    },
    // How often.
    { name: 'limitPerUser', label: 'promotion.limitPerUser', type: 'number', integer: true },
    { name: 'limitTotal', label: 'promotion.limitTotal', type: 'number', integer: true }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'type', type: 'enum', label: 'promotion.type', enumList: typeLabels },
    { field: 'status', type: 'enum', label: 'promotion.status', enumList: statusLabels }
  ],
  defaults: () => ({ type: 'afterRegister', status: 'valid' })
})
