import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { answerApproval, askManager, canSubmitApproval, currentApproval, managerChoices, pinInput } from './manager-approval'

const member = (user: string, more: Partial<Shop['users'][number]>): Shop['users'][number] => ({
  user,
  role: 'pos',
  roles: ['pos'],
  perm: [],
  accepted: true,
  ...more
})

describe('manager approval at the till (decision 0135)', () => {
  it('offers accepted managers and admins other than the cashier, by name', () => {
    const members = [
      member('a'.repeat(24), { role: 'admin', roles: ['admin'], name: 'Zoe' }),
      member('b'.repeat(24), { posAccess: 'manager', name: 'Amy' }),
      member('c'.repeat(24), { posAccess: 'user', name: 'Cashier' }),
      member('d'.repeat(24), { posAccess: 'manager', name: 'Pending', accepted: false }),
      member('e'.repeat(24), { role: 'admin', roles: ['admin'], posAccess: 'user', name: 'Admin at user level' }),
      member('f'.repeat(24), { posAccess: 'admin', name: 'Me' })
    ]
    expect(managerChoices(members, 'f'.repeat(24))).toEqual([
      { _id: 'b'.repeat(24), name: 'Amy' },
      { _id: 'a'.repeat(24), name: 'Zoe' }
    ])
    expect(managerChoices(undefined, undefined)).toEqual([])
  })

  it('keeps digits only in the PIN, at most 8, and sends 4 to 8 with a manager', () => {
    expect(pinInput('12a3-4 56789')).toBe('12345678')
    expect(canSubmitApproval('x', '123')).toBe(false)
    expect(canSubmitApproval('x', '1234')).toBe(true)
    expect(canSubmitApproval(null, '1234')).toBe(false)
  })

  it('asks one thing at a time: a new request answers the open one with nothing', async () => {
    const first = askManager({ action: 'drawer' })
    const second = askManager({ action: 'discount', amount: 500 })
    expect(await first).toBeNull()
    expect(currentApproval()?.request).toEqual({ action: 'discount', amount: 500 })
    const approval = {
      _id: 'x',
      shop: 's',
      action: 'discount' as const,
      cashier: 'c',
      manager: 'm',
      managerName: 'Amy',
      createdAt: ''
    }
    answerApproval(approval)
    expect(await second).toBe(approval)
    expect(currentApproval()).toBeNull()
  })
})
