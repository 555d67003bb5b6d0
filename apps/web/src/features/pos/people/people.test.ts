import { describe, expect, it } from 'vitest'
import type { ShopStaff } from '@emporia/shared'
import { memberLookup } from './member-search'
import { staffChoices } from './staff-choices'

describe('finding a member at the till', () => {
  it('takes a scanned member code (the customer id) as a direct lookup', () => {
    expect(memberLookup(' 65A1B2C3D4E5F60718293A4B\n')).toEqual({ kind: 'id', id: '65a1b2c3d4e5f60718293a4b' })
  })
  it('searches name and e-mail by their start, and the phone without spaces, escaping the text', () => {
    expect(memberLookup('9123 4567')).toEqual({
      kind: 'search',
      query: {
        $or: [
          { name: { $regex: '^9123 4567', $options: 'i' } },
          { email: { $regex: '^9123 4567', $options: 'i' } },
          { phone: { $regex: '^91234567', $options: 'i' } }
        ],
        $limit: 20,
        $sort: { name: 1 }
      }
    })
    const byName = memberLookup('Chan (Tai)')
    expect(byName.kind === 'search' && byName.query.$or).toEqual([
      { name: { $regex: '^Chan \\(Tai\\)', $options: 'i' } },
      { email: { $regex: '^Chan \\(Tai\\)', $options: 'i' } }
    ])
  })
  it('waits for two characters', () => {
    expect(memberLookup(' c ')).toEqual({ kind: 'none' })
  })
})

describe('the staff list', () => {
  const staff = [
    { user: 'u'.repeat(24), name: 'Wong', email: 'w@x.com', accepted: true },
    { user: 'v'.repeat(24), name: '', email: 'amy@x.com', accepted: true },
    { user: null, name: 'Invited', email: 'i@x.com', accepted: false }
  ] as ShopStaff[]
  const me = { _id: 'm'.repeat(24), email: 'me@x.com', firstName: 'Mei', lastName: 'Lee' }
  it('names the accepted staff, sorted, filtered by any part of the name', () => {
    expect(staffChoices(staff, undefined, me, '')).toEqual([
      { _id: 'v'.repeat(24), name: 'amy@x.com' },
      { _id: 'u'.repeat(24), name: 'Wong' }
    ])
    expect(staffChoices(staff, undefined, me, 'ON')).toEqual([{ _id: 'u'.repeat(24), name: 'Wong' }])
  })
  it('falls back to the shop’s members when the staff list is not readable, naming the caller', () => {
    const members = [
      { user: 'm'.repeat(24), role: 'pos', roles: [], perm: [], accepted: true },
      { user: '0123456789abcdef01234567', role: 'admin', roles: [], perm: [], accepted: true },
      { user: 'f'.repeat(24), role: 'user', roles: [], perm: [], accepted: false }
    ] as never
    expect(staffChoices(undefined, members, me, '')).toEqual([
      { _id: '0123456789abcdef01234567', name: '…234567' },
      { _id: 'm'.repeat(24), name: 'Mei Lee' }
    ])
  })
  it('names the other members by the names the shop carries for them', () => {
    const members = [
      { user: 'm'.repeat(24), role: 'pos', roles: [], perm: [], accepted: true, name: 'mei' },
      { user: '0123456789abcdef01234567', role: 'admin', roles: [], perm: [], accepted: true, name: 'Boss Chan' }
    ] as never
    expect(staffChoices(undefined, members, me, '')).toEqual([
      { _id: '0123456789abcdef01234567', name: 'Boss Chan' },
      { _id: 'm'.repeat(24), name: 'Mei Lee' }
    ])
  })
})
