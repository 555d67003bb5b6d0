import { companyUserSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { companyUsersScreen } from './company-users.screen'

/** CompanyUser records (spec §?): their columns, fields and search. */
export const companyUsersResource = defineResource({
  screen: companyUsersScreen,
  schema: companyUserSchema,
  name: 'companyUser.one',
  urlKey: 'companyUsers',
  empty: { text: 'empty.companyUsers', action: 'empty.companyUsersAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
