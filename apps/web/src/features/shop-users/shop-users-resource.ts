import { customerName, servicePaths, shopUserSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { FieldDef } from '../../components/fields/field-types'
import { customerPagePath, customerTypeLabels } from './customer-labels'
import { MembershipSummary } from './membership-summary'
import { SectionHeading } from './section-heading'
import { shopUsersScreen } from './shop-users.screen'

const heading = (name: string, label: FieldDef['label']) => ({
  name,
  label,
  type: 'custom' as const,
  component: SectionHeading,
  display: true as const,
  wide: true
})

/**
 * Customers (spec §3.10, decision 0083): name, contact, type, rank, spent and joined; a name opens the
 * customer's own page. The search fields are the spec's (§3.16: name, first and last name, e-mail) and
 * the phone, each "starts with", which the server answers from its prefix indexes.
 */
export const shopUsersResource = defineResource({
  screen: shopUsersScreen,
  schema: shopUserSchema,
  name: 'shopUser.one',
  urlKey: 'shopUsers',
  empty: { text: 'empty.shopUsers', action: 'empty.shopUsersAdd' },
  columns: [
    { value: 'name', text: 'shopUser.name', sortable: true, link: (row) => customerPagePath(row._id) },
    { value: 'email', text: 'shopUser.email', sortable: true },
    { value: 'phone', text: 'shopUser.phone', sortable: true },
    { value: 'type', text: 'shopUser.type', enumList: customerTypeLabels, sortable: true },
    { value: 'rank', text: 'shopUser.rank', lookup: { path: servicePaths.shopRanks, textField: 'name' } },
    { value: 'cachedAmount', text: 'shopUser.cachedAmount', kind: 'money', sortable: true },
    { value: 'date', text: 'shopUser.date', kind: 'date', sortable: true }
  ],
  fields: [
    heading('personHeading', 'shopUser.person'),
    { name: 'title', label: 'shopUser.title', type: 'text' },
    { name: 'firstName', label: 'shopUser.firstName', type: 'text' },
    { name: 'lastName', label: 'shopUser.lastName', type: 'text' },
    { name: 'type', label: 'shopUser.type', type: 'select', source: { enumList: customerTypeLabels } },
    {
      name: 'company',
      label: 'shopUser.company',
      type: 'select',
      source: { path: servicePaths.companyUsers, textField: 'name', searchFields: ['name'] },
      hidden: (values) => values.type !== 'company'
    },
    heading('contactHeading', 'shopUser.contact'),
    { name: 'email', label: 'shopUser.email', type: 'email' },
    { name: 'region', label: 'shopUser.region', type: 'text' },
    { name: 'phone', label: 'shopUser.phone', type: 'text' },
    heading('membershipHeading', 'shopUser.membership'),
    { name: 'date', label: 'shopUser.date', type: 'date' },
    { name: 'membership', label: 'shopUser.membership', type: 'custom', component: MembershipSummary, display: true, wide: true },
    {
      name: 'addresses',
      label: 'shopUser.addresses',
      type: 'list',
      wide: true,
      noItemId: true,
      fields: [
        { name: 'label', label: 'shopUser.address.label', type: 'text' },
        { name: 'firstName', label: 'shopUser.firstName', type: 'text' },
        { name: 'lastName', label: 'shopUser.lastName', type: 'text' },
        { name: 'company', label: 'shopUser.address.company', type: 'text' },
        { name: 'apt', label: 'shopUser.address.apt', type: 'text' },
        { name: 'city', label: 'shopUser.address.city', type: 'text' },
        { name: 'country', label: 'shopUser.address.country', type: 'text' },
        { name: 'phone', label: 'shopUser.phone', type: 'text' },
        { name: 'default', label: 'shopUser.address.default', type: 'boolean' }
      ]
    },
    { name: 'remarks', label: 'shopUser.remarks', type: 'textarea', wide: true }
  ],
  search: [
    { field: 'name', type: 'regstart', label: 'shopUser.name' },
    { field: 'firstName', type: 'regstart', label: 'shopUser.firstName' },
    { field: 'lastName', type: 'regstart', label: 'shopUser.lastName' },
    { field: 'email', type: 'regstart', label: 'shopUser.email' },
    { field: 'phone', type: 'regstart', label: 'shopUser.phone' },
    { field: 'type', type: 'enum', label: 'shopUser.type', enumList: customerTypeLabels }
  ],
  defaults: () => ({ type: 'normal', addresses: [] }),
  recordTitle: (row) => row.name || customerName(row)
})
