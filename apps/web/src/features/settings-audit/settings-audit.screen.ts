import { defineScreen } from '../../lib/screens/screen'

/**
 * The audit log (decision 0137): who changed what and when in the shop — staff, settings,
 * prices, discounts, stock corrections, plans and the till's approvals. Read only, admins only (the
 * `auditLogs` row of the permission table), found from the settings index.
 */
export const settingsAuditScreen = defineScreen({
  route: 'settings/audit',
  kind: 'list',
  service: 'auditLogs',
  area: 'settings'
})
