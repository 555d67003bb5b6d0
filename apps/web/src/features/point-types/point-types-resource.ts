import { pointTypeSchema, type PointExpireType } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { pointTypesScreen } from './point-types.screen'

/** Each choice says from when the expiry days count (spec §9.8 point expireType, decision 0091). */
const expireTypeLabels: Record<PointExpireType, AnyMessageKey> = {
  now: 'pointType.expireType.now',
  register: 'pointType.expireType.register'
}

/**
 * Point types (spec §3.9 settings/pointTypes; decision 0091): a kind of loyalty point, whether
 * customers may give it to one another, and when its points expire.
 */
export const pointTypesResource = defineResource({
  screen: pointTypesScreen,
  schema: pointTypeSchema,
  name: 'pointType.one',
  urlKey: 'pointTypes',
  empty: { text: 'empty.pointTypes', action: 'empty.pointTypesAdd' },
  columns: [
    { value: 'icon', text: 'res.icon', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'expireType', text: 'pointType.expireType', enumList: expireTypeLabels, sortable: true },
    { value: 'expiresIn', text: 'pointType.expiresIn', kind: 'number', sortable: true },
    { value: 'allowTransfer', text: 'pointType.allowTransfer', kind: 'boolean', sortable: true },
    { value: 'autoExtend', text: 'pointType.autoExtend', kind: 'boolean', sortable: true },
    { value: 'validFrom', text: 'pointType.validFrom', kind: 'datetime', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    // What the points are called and look like.
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'icon', label: 'res.icon', type: 'image' },
    // When they expire.
    {
      name: 'expireType',
      label: 'pointType.expireType',
      type: 'select',
      required: true,
      source: { enumList: expireTypeLabels },
      wide: true
    },
    { name: 'expiresIn', label: 'pointType.expiresIn', type: 'number', integer: true },
    { name: 'autoExtend', label: 'pointType.autoExtend', type: 'boolean' },
    // Who may hold and move them.
    { name: 'allowTransfer', label: 'pointType.allowTransfer', type: 'boolean' },
    { name: 'validFrom', label: 'pointType.validFrom', type: 'datetime' }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'expireType', type: 'enum', label: 'pointType.expireType', enumList: expireTypeLabels }
  ],
  defaults: () => ({ expireType: 'now' })
})
