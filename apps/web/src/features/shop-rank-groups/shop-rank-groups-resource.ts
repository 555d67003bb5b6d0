import { createElement } from 'react'
import {
  shopRankGroupProblem,
  shopRankGroupSchema,
  type RankAccumType,
  type RankPeriodUnit,
  type RankRecompute
} from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { shopRankGroupsScreen } from './shop-rank-groups.screen'
import { RecomputeField, RecomputeProgress } from './recompute-progress'

/** Each choice says what it does (decision 0084), so a merchant need not guess. */
const accumTypeLabels: Record<RankAccumType, AnyMessageKey> = {
  current: 'rankGroup.accumType.current',
  start: 'rankGroup.accumType.start'
}
const unitLabels: Record<RankPeriodUnit, AnyMessageKey> = { month: 'rankGroup.unit.month', day: 'rankGroup.unit.day' }

/** The shared rule, shown on its field as the merchant edits. */
const periodProblem = (field: 'accumPeriod' | 'accumPeriodUnit') => (_value: unknown, values: Values) => {
  const problem = shopRankGroupProblem(values)
  return problem?.field === field ? problem.key : undefined
}

/** An emptied period is cleared (counting since ever), not left as it was. */
const prepareGroup = (values: Values): Values => {
  const out: Values = { ...values }
  for (const name of ['accumPeriod', 'accumPeriodUnit'])
    if (name in out && (out[name] === '' || out[name] === null)) delete out[name]
  return out
}

/**
 * Membership rank groups (spec §3.10, §4.9; decision 0084): how paid money is counted towards a rank
 * (which orders, over what window) and how ranks move. One enabled group decides a shop's ranks.
 */
export const shopRankGroupsResource = defineResource({
  screen: shopRankGroupsScreen,
  schema: shopRankGroupSchema,
  name: 'shopRankGroup.one',
  urlKey: 'shopRankGroups',
  empty: { text: 'empty.shopRankGroups', action: 'empty.shopRankGroupsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    // Short headers: the editor's labels explain, the list only reminds.
    { value: 'enabled', text: 'rankGroup.col.enabled', kind: 'boolean', sortable: true },
    { value: 'accumType', text: 'rankGroup.accumType', enumList: accumTypeLabels, sortable: true },
    { value: 'accumPeriod', text: 'rankGroup.col.period', kind: 'number', sortable: true },
    { value: 'accumPeriodUnit', text: 'rankGroup.accumPeriodUnit', enumList: unitLabels },
    { value: 'allowDowngrade', text: 'rankGroup.col.allowDowngrade', kind: 'boolean' },
    { value: 'upgradeUsers', text: 'rankGroup.col.upgradeUsers', kind: 'boolean' },
    // The re-ranking of existing customers after a change, live while it runs (decision 0154).
    {
      value: 'recompute',
      text: 'rankGroup.col.recompute',
      render: (row) => createElement(RecomputeProgress, { id: String(row._id), initial: row.recompute as RankRecompute | null })
    },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    // What it is and whether it decides ranks.
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'enabled', label: 'rankGroup.enabled', type: 'boolean' },
    // Which money counts: the window (accumShops, the sub-shops whose orders count too, waits for the sub-shops screen).
    {
      name: 'accumType',
      label: 'rankGroup.accumType',
      type: 'select',
      required: true,
      source: { enumList: accumTypeLabels },
      wide: true
    },
    {
      name: 'accumPeriod',
      label: 'rankGroup.accumPeriod',
      type: 'number',
      integer: true,
      validate: periodProblem('accumPeriod')
    },
    {
      name: 'accumPeriodUnit',
      label: 'rankGroup.accumPeriodUnit',
      type: 'select',
      source: { enumList: unitLabels },
      validate: periodProblem('accumPeriodUnit')
    },
    // How ranks move.
    { name: 'allowDowngrade', label: 'rankGroup.allowDowngrade', type: 'boolean', wide: true },
    { name: 'upgradeUsers', label: 'rankGroup.upgradeUsers', type: 'boolean', wide: true },
    { type: 'custom', display: true, name: 'recompute', label: 'rankGroup.col.recompute', component: RecomputeField, wide: true }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'accumType', type: 'enum', label: 'rankGroup.accumType', enumList: accumTypeLabels }
  ],
  defaults: () => ({
    enabled: true,
    accumType: 'current',
    accumPeriod: 12,
    accumPeriodUnit: 'month',
    allowDowngrade: false,
    // A change to the ranks re-ranks existing customers unless the merchant says otherwise (decision 0154).
    upgradeUsers: true
  }),
  prepare: prepareGroup
})
