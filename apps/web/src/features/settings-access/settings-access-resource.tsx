import { Box } from '@mui/material'
import { posAccessOf, shopStaffSchema, type ShopStaff } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { formatMoney } from '../../lib/format'
import type { Values } from '../../lib/form-values'
import { listT, type AnyMessageKey } from '../../lib/i18n/lists'
import { LimitMoneyInput } from './limit-money-input'
import { parseLimit } from './limit-money'
import { ResendInvitation } from './resend-invitation'
import { settingsAccessScreen } from './settings-access.screen'

/** The roles given here; sub-shops have their own screen (decision 0087). */
const roleLabels: Record<string, AnyMessageKey> = { admin: 'access.role.admin', user: 'access.role.user', pos: 'access.role.pos' }
const permLabels: Record<string, AnyMessageKey> = { warehouse: 'access.perm.warehouse' }
const posAccessLabels: Record<string, AnyMessageKey> = {
  admin: 'access.pos.admin',
  manager: 'access.pos.manager',
  user: 'access.pos.user'
}
const LIMITS = ['monthlyDiscount', 'maxDiscount'] as const

/**
 * The schema the editor checks with: the record's, except that no permission is a choice (the stored
 * `perm` is always a list, which the server makes empty when none is sent).
 */
const editorSchema = { ...shopStaffSchema, required: shopStaffSchema.required.filter((name) => name !== 'perm') }

/** A limit in cents, or "No limit" for none (null or unset). */
const limitText = (cents: number | null | undefined) => (typeof cents === 'number' ? formatMoney(cents) : listT('access.noLimit'))

const limitField = (name: (typeof LIMITS)[number], label: AnyMessageKey) => ({
  name,
  label,
  help: 'access.limitHelp' as const,
  type: 'custom' as const,
  component: LimitMoneyInput,
  validate: (value: unknown) => (parseLimit(value) === undefined ? 'access.limitFormat' : undefined)
})

/** What is sent: the limits as exact cents (null: no limit), nothing rounded. */
const prepareMember = (values: Values): Values => {
  const out: Values = { ...values }
  for (const name of LIMITS) if (name in out) out[name] = parseLimit(out[name]) ?? null
  if (typeof out.email === 'string') out.email = out.email.trim()
  if (out.posAccess === '' || out.posAccess === null) delete out.posAccess
  return out
}

/**
 * settings/access (spec §3.3 Access and Admin, §6.1, §6.2; decision 0133): staff and invitations with
 * their role, permissions, POS level and discount budgets. "Add" invites by e-mail (the server mails
 * the invitee and counts the plan's seats); deleting an invitation withdraws it; a member removed
 * loses the shop at once. The last admin is kept by the server (`errors.lastAdmin`).
 */
export const settingsAccessResource = defineResource({
  screen: settingsAccessScreen,
  schema: editorSchema,
  name: 'access.one',
  urlKey: 'access',
  // Sub-shops share the table but not the screen.
  filter: { role: { $in: Object.keys(roleLabels) } },
  empty: { text: 'access.empty', action: 'access.emptyAdd' },
  flags: { noClone: true },
  columns: [
    { value: 'name', text: 'access.name', sortable: true, render: (row: ShopStaff) => row.name || row.email.split('@')[0] },
    { value: 'email', text: 'access.email', sortable: true },
    { value: 'role', text: 'access.role', enumList: roleLabels, sortable: true },
    {
      value: 'perm',
      text: 'access.perm',
      render: (row: ShopStaff) => (row.perm.length ? row.perm.map((perm) => listT(permLabels[perm] ?? perm)).join(', ') : '–')
    },
    {
      value: 'accepted',
      text: 'access.status',
      sortable: true,
      // Coloured text rather than a chip: the table sizes a column by its text (use-column-fit).
      render: (row: ShopStaff) => (
        <Box
          component="span"
          data-testid="access-status"
          data-status={row.accepted ? 'active' : 'invited'}
          sx={{ color: row.accepted ? 'success.main' : 'warning.dark', fontWeight: 600 }}
        >
          {listT(row.accepted ? 'access.active' : 'access.invited')}
        </Box>
      )
    },
    {
      value: 'posAccess',
      text: 'access.posAccess',
      render: (row: ShopStaff) => listT(posAccessLabels[posAccessOf(row)])
    },
    { value: 'monthlyDiscount', text: 'access.monthlyDiscount', render: (row: ShopStaff) => limitText(row.monthlyDiscount) },
    { value: 'maxDiscount', text: 'access.maxDiscount', render: (row: ShopStaff) => limitText(row.maxDiscount) },
    { value: 'monthlyUsedDiscount', text: 'access.monthlyUsed', kind: 'money' }
  ],
  fields: [
    { name: 'email', label: 'access.email', type: 'email', required: true, createOnly: true },
    { name: 'name', label: 'access.name', type: 'text' },
    { name: 'role', label: 'access.role', type: 'select', required: true, source: { enumList: roleLabels } },
    {
      name: 'perm',
      label: 'access.perm',
      type: 'select',
      multiple: true,
      source: { enumList: permLabels },
      help: 'access.permHelp'
    },
    {
      name: 'posAccess',
      label: 'access.posAccess',
      type: 'select',
      source: { enumList: posAccessLabels },
      help: 'access.posAccessHelp'
    },
    limitField('monthlyDiscount', 'access.monthlyDiscount'),
    limitField('maxDiscount', 'access.maxDiscount'),
    { name: 'resend', label: 'access.resend', type: 'custom', component: ResendInvitation, display: true, wide: true }
  ],
  search: [
    { field: 'email', type: 'regstart', label: 'access.email' },
    { field: 'name', type: 'regstart', label: 'access.name' },
    { field: 'role', type: 'enum', label: 'access.role', enumList: roleLabels }
  ],
  defaultSort: { sortBy: ['createdAt'], sortDesc: [false] },
  defaults: () => ({ role: 'pos', perm: [] }),
  recordTitle: (row) => row.name || row.email,
  prepare: prepareMember
})
