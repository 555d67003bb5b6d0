import { describe, expect, it } from 'vitest'
import { POS_SERVE_TTL_MS, type Shop } from '@emporia/shared'
import { approvalChoices } from '../dialogs/manager-approval'
import { readServing, setServing } from './serving'

const member = (user: string, more: Partial<Shop['users'][number]>): Shop['users'][number] => ({
  user,
  role: 'pos',
  roles: ['pos'],
  perm: [],
  accepted: true,
  ...more
})

describe('switching who serves at the till (decision 0135)', () => {
  it('offers every accepted colleague but oneself, whatever their POS level, by name', () => {
    const members = [
      member('a'.repeat(24), { role: 'admin', roles: ['admin'], name: 'Zoe' }),
      member('b'.repeat(24), { posAccess: 'user', name: 'Amy' }),
      member('c'.repeat(24), { posAccess: 'user', name: 'Left', accepted: false })
    ]
    expect(approvalChoices('serve', members, 'a'.repeat(24))).toEqual([{ _id: 'b'.repeat(24), name: 'Amy' }])
    // A manager approval still offers managers only.
    expect(approvalChoices('drawer', members, 'b'.repeat(24)).map((c) => c.name)).toEqual(['Zoe'])
  })

  it('keeps the colleague per shop and signed-in account, for a shift, and goes back', () => {
    const now = Date.now()
    const serving = { id: 'f'.repeat(24), user: 'b'.repeat(24), name: 'Amy', at: now }
    setServing('shop1', 'me', serving)
    expect(readServing('shop1', 'me', now)).toEqual(serving)
    expect(readServing('shop1', 'someone-else', now)).toBeNull()
    expect(readServing('shop2', 'me', now)).toBeNull()
    expect(readServing('shop1', 'me', now + POS_SERVE_TTL_MS + 1)).toBeNull()
    setServing('shop1', 'me', null)
    expect(readServing('shop1', 'me', now)).toBeNull()
  })
})
