import { servicePaths, shopRankProblem, shopRankSchema, type RankExpiryType, type RankPeriodUnit } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { shopRanksScreen } from './shop-ranks.screen'

/** Each choice says when the rank ends (decision 0084). */
const expiryTypeLabels: Record<RankExpiryType, AnyMessageKey> = {
  unlimited: 'rank.expiryType.unlimited',
  start: 'rank.expiryType.start',
  current: 'rank.expiryType.current',
  accumulate: 'rank.expiryType.accumulate'
}
const unitLabels: Record<RankPeriodUnit, AnyMessageKey> = { month: 'rank.unit.month', day: 'rank.unit.day' }

/** The shared rule, shown on its field as the merchant edits. */
const expiryProblem = (field: 'expiryPeriod' | 'expiryPeriodUnit') => (_value: unknown, values: Values) => {
  const problem = shopRankProblem(values)
  return problem?.field === field ? problem.key : undefined
}
/** Only a rank ending a period after the membership start or after it was reached has a period of its own. */
const noPeriod = (values: Values) => values.expiryType !== 'start' && values.expiryType !== 'current'

/** A rank without a period of its own sends none. */
const prepareRank = (values: Values): Values => {
  const out: Values = { ...values }
  if (noPeriod(out) && 'expiryType' in out) Object.assign(out, { expiryPeriod: null, expiryPeriodUnit: null })
  return out
}

/**
 * Membership ranks (spec §3.10; decision 0084): a rank of a group is reached when the customer's
 * accumulated paid money is at least its amount, and held until its expiry.
 */
export const shopRanksResource = defineResource({
  screen: shopRanksScreen,
  schema: shopRankSchema,
  name: 'shopRank.one',
  urlKey: 'shopRanks',
  empty: { text: 'empty.shopRanks', action: 'empty.shopRanksAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'group', text: 'rank.group', lookup: { path: servicePaths.shopRankGroups } },
    { value: 'amount', text: 'rank.amount', kind: 'money', sortable: true },
    { value: 'expiryType', text: 'rank.expiryType', enumList: expiryTypeLabels, sortable: true },
    { value: 'expiryPeriod', text: 'rank.expiryPeriod', kind: 'number' },
    { value: 'expiryPeriodUnit', text: 'rank.expiryPeriodUnit', enumList: unitLabels },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    // Which rank of which group, reached at what amount.
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    {
      name: 'group',
      label: 'rank.group',
      type: 'select',
      required: true,
      source: { path: servicePaths.shopRankGroups, searchFields: translatablePaths('name') }
    },
    { name: 'amount', label: 'rank.amount', type: 'money', required: true },
    // When it ends.
    {
      name: 'expiryType',
      label: 'rank.expiryType',
      type: 'select',
      required: true,
      source: { enumList: expiryTypeLabels },
      wide: true
    },
    {
      name: 'expiryPeriod',
      label: 'rank.expiryPeriod',
      type: 'number',
      integer: true,
      validate: expiryProblem('expiryPeriod'),
      hidden: noPeriod
    },
    {
      name: 'expiryPeriodUnit',
      label: 'rank.expiryPeriodUnit',
      type: 'select',
      source: { enumList: unitLabels },
      validate: expiryProblem('expiryPeriodUnit'),
      hidden: noPeriod
    }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    {
      field: 'group',
      type: 'select',
      label: 'rank.group',
      source: { path: servicePaths.shopRankGroups, searchFields: translatablePaths('name') }
    },
    { field: 'expiryType', type: 'enum', label: 'rank.expiryType', enumList: expiryTypeLabels }
  ],
  defaults: () => ({ expiryType: 'unlimited' }),
  prepare: prepareRank
})
