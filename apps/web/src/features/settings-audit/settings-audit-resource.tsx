import { auditLogSchema, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { listTAny, type AnyMessageKey } from '../../lib/i18n/lists'
import { auditActionLabels, auditAreaLabels, auditPerson, describeAuditChanges } from './audit-format'
import { settingsAuditScreen } from './settings-audit.screen'

/**
 * The audit log (decision 0137), newest first: when (local time), who (their name as it was), the area,
 * the action and what changed from → to, on which record. Written by the server only, so nothing here
 * adds, edits or removes; filters and the export are the list's own.
 */
export const settingsAuditResource = defineResource({
  screen: settingsAuditScreen,
  schema: auditLogSchema,
  name: 'audit.one',
  urlKey: 'auditLogs',
  empty: { text: 'empty.auditLogs' },
  columns: [
    { value: 'createdAt', text: 'audit.date', kind: 'datetime', sortable: true },
    { value: 'userName', text: 'audit.person', render: (row) => auditPerson(row, listTAny) },
    { value: 'area', text: 'audit.area', enumList: auditAreaLabels as Record<string, AnyMessageKey>, sortable: true },
    { value: 'action', text: 'audit.action', enumList: auditActionLabels as Record<string, AnyMessageKey> },
    {
      value: 'changes',
      text: 'audit.changes',
      render: (row) => <span data-testid="audit-changes">{describeAuditChanges(row, listTAny)}</span>
    },
    { value: 'targetName', text: 'audit.target' }
  ],
  fields: [],
  search: [
    { field: 'createdAt', type: 'dateRange', label: 'audit.date' },
    { field: 'area', type: 'enum', label: 'audit.area', enumList: auditAreaLabels },
    {
      field: 'user',
      type: 'select',
      label: 'audit.person',
      source: { path: servicePaths.shopStaff, valueField: 'user', textField: 'email' }
    },
    { field: 'action', type: 'enum', label: 'audit.action', enumList: auditActionLabels },
    { field: 'targetName', type: 'regexp', label: 'audit.target' }
  ],
  flags: { noAdd: true, noEdit: true, noRemove: true, noClone: true },
  defaultSort: { sortBy: ['createdAt'], sortDesc: [true] }
})
