import { availableCredit, companyUserSchema, type CompanyUser } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { formatMoney } from '../../lib/format'
import { companyUsersScreen } from './company-users.screen'
import { StatementCell, StatementLink } from './statement-link'

/**
 * Company customers and suppliers (spec §3.10): who they are, their credit limit and payment period,
 * and what they owe (`outstanding`, the server's) with the credit left (limit − outstanding).
 */
export const companyUsersResource = defineResource({
  screen: companyUsersScreen,
  schema: companyUserSchema,
  name: 'companyUser.one',
  urlKey: 'companyUsers',
  empty: { text: 'empty.companyUsers', action: 'empty.companyUsersAdd' },
  columns: [
    { value: 'name', text: 'res.name', sortable: true },
    { value: 'phone', text: 'companyUser.phone', sortable: true },
    { value: 'email', text: 'companyUser.email', sortable: true },
    { value: 'subsequentPaymentLimit', text: 'companyUser.limit', kind: 'money', sortable: true },
    { value: 'subsequentPaymentPeriod', text: 'companyUser.period', kind: 'number', sortable: true },
    { value: 'outstanding', text: 'companyUser.outstanding', kind: 'money', sortable: true },
    {
      // A derived column of its own name (keys and test ids are the column values).
      value: 'subsequentPaymentLimit.available',
      text: 'companyUser.available',
      kind: 'money',
      // Derived: limit − outstanding (the shared rule), red once the company is over its limit.
      render: (row: CompanyUser) => {
        const available = availableCredit(row)
        return <span style={{ color: available < 0 ? '#d32f2f' : undefined }}>{formatMoney(available)}</span>
      }
    },
    { value: 'payable', text: 'companyUser.payable', kind: 'money', sortable: true },
    {
      value: '_id',
      text: 'companyUser.statement',
      render: (row) => <StatementCell id={row._id} />,
      noCard: true
    }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'text', required: true },
    { name: 'email', label: 'companyUser.email', type: 'email' },
    { name: 'phone', label: 'companyUser.phone', type: 'text' },
    { name: 'date', label: 'companyUser.date', type: 'date' },
    { name: 'address', label: 'companyUser.address', type: 'textarea', wide: true },
    { name: 'subsequentPaymentLimit', label: 'companyUser.limit', type: 'money' },
    { name: 'subsequentPaymentPeriod', label: 'companyUser.period', type: 'number', integer: true },
    { name: 'remarks', label: 'companyUser.remarks', type: 'textarea', wide: true },
    { type: 'custom', display: true, name: 'statement', label: 'companyUser.statement', component: StatementLink }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name' },
    { field: 'phone', type: 'regstart', label: 'companyUser.phone' },
    { field: 'email', type: 'regexp', label: 'companyUser.email' }
  ],
  defaultSort: { sortBy: ['name'], sortDesc: [false] },
  defaults: () => ({ subsequentPaymentLimit: 0, subsequentPaymentPeriod: 30 }),
  recordTitle: (row) => row.name,
  prepareClone: (values) => ({ ...values, name: '', email: null, phone: null })
})
