import { describe, expect, it } from 'vitest'
import { settingsAuditMessages } from './settings-audit.messages'
import { auditActionText, auditPerson, describeAuditChanges, formatAuditValue } from './audit-format'

const en = settingsAuditMessages.en as Record<string, string>
const t = (key: string) => en[key] ?? (key === 'table.yes' ? 'Yes' : key === 'table.no' ? 'No' : key)

describe('audit log formatting (decision 0137)', () => {
  it('says what changed field by field, with labels, amounts as money and translated words', () => {
    expect(describeAuditChanges({ changes: { role: { from: 'pos', to: 'user' }, price: { from: 1000, to: 1250 } } }, t)).toBe(
      'Role: Cashier (POS) → Staff; Price: $10.00 → $12.50'
    )
  })

  it('names a SKU’s price by the SKU, and shows none as a dash and flags as yes/no', () => {
    expect(describeAuditChanges({ changes: { 'skus.Tin.price': { from: null, to: 1500 } } }, t)).toBe('Tin – Price: — → $15.00')
    expect(describeAuditChanges({ changes: { useCashboxLog: { from: false, to: true } } }, t)).toBe('useCashboxLog: No → Yes')
  })

  it('describes a stock correction by its quantity, warehouses and comment', () => {
    expect(
      describeAuditChanges({ details: { delta: 2, warehouse: 'Main', toWarehouse: 'Back room', comment: 'Restock' } }, t)
    ).toBe('Quantity: 2; Main → Back room; Restock')
  })

  it('translates known actions and keeps unknown ones readable', () => {
    expect(auditActionText('staff.invite', t)).toBe('Invited a staff member')
    expect(auditActionText('approval.drawer', t)).toBe('Drawer opening approved')
    expect(auditActionText('something.new', t)).toBe('something.new')
  })

  it('names the person as recorded, or the system for the server’s own work, never by a whole id', () => {
    expect(auditPerson({ user: 'a'.repeat(24), userName: 'Ann Lee' }, t)).toBe('Ann Lee')
    expect(auditPerson({ user: null }, t)).toBe('System')
    expect(auditPerson({ user: `${'a'.repeat(18)}123456` }, t)).toBe('…123456')
  })

  it('shows a translatable name in English and a list of permissions joined', () => {
    expect(formatAuditValue('name', { en: 'Oolong', cht: '烏龍' }, t)).toBe('Oolong')
    expect(formatAuditValue('perm', ['warehouse'], t)).toBe('warehouse')
    expect(formatAuditValue('perm', [], t)).toBe('—')
  })

  it('has every English text in Traditional and Simplified Chinese', () => {
    expect(Object.keys(settingsAuditMessages.cht).sort()).toEqual(Object.keys(en).sort())
    expect(Object.keys(settingsAuditMessages.chs).sort()).toEqual(Object.keys(en).sort())
  })
})
