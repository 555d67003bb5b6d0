import { Box } from '@mui/material'
import { cashCheckSchema, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { formatMoney } from '../../lib/format'
import { listT } from '../../lib/i18n/lists'
import { CashierName, StaffName } from '../../lib/staff-names'
import { amountRule, diffColour, prepareCashCheck, statusLabels, typeLabels } from '../../components/cash-check/cash-check-labels'
import { CashCheckResult } from '../../components/cash-check/cash-check-result'
import { cashboxLogsScreen } from './cashbox-logs.screen'
import { DenominationsInput } from '../../components/cash-check/denominations-input'

/**
 * The cashbox log (spec §3.11, §5.3; decision 0081), newest first: each check with what the drawer
 * should have held and the difference, red when short. A check is recorded once and then only
 * commented on or cancelled; it is never removed.
 */
export const cashboxLogsResource = defineResource({
  screen: cashboxLogsScreen,
  schema: cashCheckSchema,
  name: 'cashCheck.one',
  urlKey: 'cashboxLogs',
  empty: { text: 'empty.cashboxLogs', action: 'empty.cashboxLogsAdd' },
  columns: [
    { value: 'date', text: 'cashCheck.date', kind: 'datetime', sortable: true },
    { value: 'type', text: 'cashCheck.type', enumList: typeLabels, sortable: true },
    { value: 'amount', text: 'cashCheck.amount', kind: 'money', sortable: true },
    { value: 'expectedAmount', text: 'cashCheck.expectedAmount', kind: 'money' },
    {
      value: 'diff',
      text: 'cashCheck.diff',
      kind: 'money',
      sortable: true,
      render: (row) =>
        typeof row.diff === 'number' ? (
          <Box component="span" sx={{ color: diffColour(row.diff), fontWeight: 600 }} data-testid="cash-check-row-diff">
            {formatMoney(row.diff)}
          </Box>
        ) : null
    },
    {
      value: 'cashier',
      text: 'cashCheck.cashier',
      // A POS cashier's drawer by the cashier's name; none: the shop's one drawer (decision 0138).
      render: (row) => (typeof row.cashier === 'string' ? <CashierName id={row.cashier} /> : listT('cashCheck.shopDrawer')),
      exportRef: { path: servicePaths.cashiers, textField: 'name' }
    },
    // Who recorded it, by name from the one lookup of people (everyone who reads the log may read the members' names).
    {
      value: 'admin',
      text: 'cashCheck.admin',
      render: (row) => <StaffName id={row.admin} />,
      exportRef: { path: servicePaths.shopStaff, itemKey: 'user', textField: 'email' }
    },
    { value: 'status', text: 'cashCheck.status', enumList: statusLabels, sortable: true },
    { value: 'comment', text: 'cashCheck.comment' }
  ],
  fields: [
    { name: 'type', label: 'cashCheck.type', type: 'select', required: true, createOnly: true, source: { enumList: typeLabels } },
    { name: 'hasDetails', label: 'cashCheck.hasDetails', type: 'boolean', createOnly: true },
    {
      name: 'details',
      label: 'cashCheck.details',
      type: 'custom',
      component: DenominationsInput,
      createOnly: true,
      wide: true,
      hidden: (values) => !values.hasDetails
    },
    { name: 'amount', label: 'cashCheck.amount', type: 'money', required: true, createOnly: true, validate: amountRule },
    { name: 'comment', label: 'cashCheck.comment', type: 'textarea', wide: true },
    { type: 'custom', display: true, name: 'result', label: 'cashCheck.result', component: CashCheckResult, wide: true }
  ],
  search: [
    { field: 'comment', type: 'regexp', label: 'cashCheck.comment' },
    { field: 'type', type: 'enum', label: 'cashCheck.type', enumList: typeLabels },
    { field: 'status', type: 'enum', label: 'cashCheck.status', enumList: statusLabels },
    { field: 'date', type: 'dateRange', label: 'cashCheck.date' }
  ],
  flags: { noRemove: true, noClone: true },
  defaultSort: { sortBy: ['date'], sortDesc: [true] },
  defaults: () => ({ type: 'beginCheck', hasDetails: false }),
  prepare: (data) => prepareCashCheck(data),
  showCreated: true
})
