import { defineScreen } from '../../lib/screens/screen'

/** CompanyUser records (spec §?): a list, edited in a dialog or on its edit route. */
export const companyUsersScreen = defineScreen({
  route: 'companyUsers',
  kind: 'list',
  edit: true,
  service: 'companyUsers',
  drawer: { group: 'subsequentPayments', order: 10 }
})
