import { defineScreen } from '../../lib/screens/screen'

/**
 * Company customers and suppliers (spec §3.10, §3.11): a list with their credit, edited in a dialog
 * or on its edit route; each has a printable statement (`companyUsers/statement/{id}`, invoice layout).
 */
export const companyUsersScreen = defineScreen({
  route: 'companyUsers',
  kind: 'list',
  edit: true,
  service: 'companyUsers',
  drawer: { group: 'subsequentPayments', order: 10 }
})
