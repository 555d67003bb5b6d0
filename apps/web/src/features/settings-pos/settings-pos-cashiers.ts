import { cashierSchema, servicePaths, type Cashier } from '@emporia/shared'
import { createElement } from 'react'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { BindingChip, BindingField } from './cashier-binding'

const warehouses = { path: servicePaths.warehouses, searchFields: translatablePaths('name') }
const drawerModes = {
  none: 'posCashier.cashDrawer.none',
  cash: 'posCashier.cashDrawer.cash',
  any: 'posCashier.cashDrawer.any'
} as const

/**
 * The cashier stations (spec §3.12, `shop/cashiers`; decision 0099) shown on settings/pos below the shop's
 * settings: not a route of their own, so this is not a `*-resource.ts` the router would pick up.
 * Stations are not removed (the server has no remove): an unused one is unbound.
 */
export const cashiersResource = defineResource({
  screen: { route: 'settings/pos', kind: 'form', service: servicePaths.cashiers },
  schema: cashierSchema,
  name: 'posCashier.name',
  urlKey: 'cashiers',
  flags: { noRemove: true, noExport: true },
  empty: { text: 'posCashier.empty', action: 'posCashier.add' },
  defaultSort: { sortBy: ['name'], sortDesc: [false] },
  columns: [
    { value: 'name', text: 'posCashier.stationName', sortable: true },
    { value: 'id', text: 'posCashier.id', sortable: true },
    { value: 'deviceId', text: 'posCashier.bound', render: (row: Cashier) => createElement(BindingChip, { cashier: row }) },
    { value: 'fontScale', text: 'posCashier.fontScale', kind: 'number' },
    { value: 'remoteFontScale', text: 'posCashier.remoteFontScale', kind: 'number' },
    { value: 'cashDrawer', text: 'posCashier.cashDrawer', enumList: drawerModes },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'posCashier.stationName', type: 'text', required: true },
    { name: 'id', label: 'posCashier.id', type: 'text', required: true },
    { name: 'deviceId', label: 'posCashier.bound', type: 'custom', component: BindingField, display: true },
    { name: 'fontScale', label: 'posCashier.fontScale', type: 'number', integer: true },
    { name: 'remoteFontScale', label: 'posCashier.remoteFontScale', type: 'number', integer: true },
    { name: 'cashDrawer', label: 'posCashier.cashDrawer', type: 'select', source: { enumList: drawerModes } },
    { name: 'cashDrawerZeroOpen', label: 'posCashier.cashDrawerZeroOpen', type: 'boolean' },
    { name: 'allowAnonymous', label: 'posCashier.allowAnonymous', type: 'boolean' },
    { name: 'allowPickUser', label: 'posCashier.allowPickUser', type: 'boolean' },
    { name: 'autoNewOrder', label: 'posCashier.autoNewOrder', type: 'boolean' },
    { name: 'printOnFinish', label: 'posCashier.printOnFinish', type: 'boolean' },
    { name: 'lockWarehouse', label: 'posCashier.lockWarehouse', type: 'select', source: warehouses }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'posCashier.stationName' }]
})
