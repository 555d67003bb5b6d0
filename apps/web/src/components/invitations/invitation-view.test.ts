import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { invitationRole, linkableShops } from './invitation-view'
import { invitationsMessages } from '../../lib/i18n/invitations.messages'

const ME = 'a'.repeat(24)
const shop = (id: string, users: Partial<Shop['users'][number]>[]) =>
  ({ _id: id, name: id, users: users.map((user) => ({ roles: [], perm: [], accepted: true, ...user })) }) as unknown as Shop

describe('invitations in the web app (decision 0134)', () => {
  it('offers as a sub-shop only the shops the user administers, other than the inviting one', () => {
    const shops = [
      shop('own', [{ user: ME, role: 'admin' }]),
      shop('inviting', [{ user: ME, role: 'admin' }]),
      shop('cashier', [{ user: ME, role: 'pos' }]),
      shop('pending', [{ user: ME, role: 'admin', accepted: false }]),
      shop('someone-else', [{ user: 'b'.repeat(24), role: 'admin' }])
    ]
    expect(linkableShops(shops, ME, 'inviting').map((s) => s._id)).toEqual(['own'])
  })

  it('shows an unknown role as staff, and every role has its words in each language', () => {
    expect(invitationRole('pos')).toBe('pos')
    expect(invitationRole('owner')).toBe('user')
    for (const role of ['admin', 'user', 'pos', 'subshop'])
      for (const bundle of [invitationsMessages.en, invitationsMessages.cht, invitationsMessages.chs])
        expect(bundle).toHaveProperty(`invitations.role.${role}`)
  })
})
