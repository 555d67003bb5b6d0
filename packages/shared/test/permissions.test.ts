import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  areas,
  canOpen,
  callerIn,
  impliedRoles,
  planFeatures,
  planState,
  refusal,
  roleIncludes,
  roleInShop,
  shopRoles,
  type Area,
  type ShopFeatures,
  type ShopRole
} from '../src'

const ME = 'a'.repeat(24)
const shopWith = (role: ShopRole, extra: Partial<ShopFeatures> = {}, perm: string[] = []): ShopFeatures => ({
  users: [{ user: ME, role, perm, accepted: true }],
  ...extra
})
const allOn: Partial<ShopFeatures> = {
  attributes: Object.fromEntries(planFeatures.map((feature) => [feature, true])),
  useSubShop: true,
  useInventoryLot: true,
  useCashboxLog: true,
  useInventory: true
}
const visible = (shop: ShopFeatures) => (Object.keys(areas) as Area[]).filter((area) => canOpen(area, shop, ME))

describe('shop roles (spec §6.1)', () => {
  it('admin counts as user and user as pos; subshop stands apart', () => {
    expect(impliedRoles('admin')).toEqual(['admin', 'user', 'pos'])
    expect(roleIncludes('user', 'pos')).toBe(true)
    expect(roleIncludes('pos', 'user')).toBe(false)
    expect(roleIncludes('subshop', 'pos')).toBe(false)
    expect(roleIncludes('none', 'pos')).toBe(false)
  })

  it('inclusion is transitive and reflexive for every role', () => {
    fc.assert(
      fc.property(fc.constantFrom(...shopRoles), fc.constantFrom(...shopRoles), fc.constantFrom(...shopRoles), (a, b, c) => {
        expect(roleIncludes(a, a)).toBe(true)
        if (roleIncludes(a, b) && roleIncludes(b, c)) expect(roleIncludes(a, c)).toBe(true)
      })
    )
  })

  it('reads the role from the accepted entry of shop.users, else none', () => {
    expect(roleInShop(shopWith('pos'), ME)).toBe('pos')
    expect(roleInShop({ users: [{ user: ME, role: 'admin', accepted: false }] }, ME)).toBe('none')
    expect(roleInShop(shopWith('admin'), 'b'.repeat(24))).toBe('none')
    expect(roleInShop(undefined, ME)).toBe('none')
  })
})

describe('the permission table', () => {
  it('gives each role the areas of spec §6.1 with every feature on', () => {
    expect(visible(shopWith('admin', allOn))).toEqual(Object.keys(areas))
    // A shop that does not track stock (useInventory off, decision 0178) has no warehouses screen.
    expect(visible(shopWith('admin', { ...allOn, useInventory: false }))).not.toContain('warehouses')
    expect(visible(shopWith('user', allOn))).not.toContain('settings')
    expect(visible(shopWith('user', allOn))).not.toContain('subShops')
    expect(visible(shopWith('user', allOn))).toContain('shopUsers')
    // Billing is the admin's alone (issue 30): user and pos never reach the shop's subscription.
    expect(visible(shopWith('pos', allOn))).toEqual(['dashboard', 'orders', 'pos'])
    expect(visible(shopWith('user', allOn))).not.toContain('billing')
    expect(visible(shopWith('pos', allOn, ['warehouse']))).toEqual(['dashboard', 'warehouses', 'inventoryLots', 'orders', 'pos'])
    expect(visible(shopWith('subshop', allOn))).toEqual(['dashboard', 'warehouses', 'inventoryLots', 'products'])
    expect(visible({ users: [] })).toEqual([])
  })

  it('closes feature-gated areas until the shop switches the feature on', () => {
    const plain = visible(shopWith('admin'))
    for (const gated of [
      'app',
      'mini',
      'inventoryLots',
      'bundles',
      'discounts',
      'promotions',
      'cashboxLogs',
      'pos',
      'subShops',
      'subsequentPayments'
    ])
      expect(plain).not.toContain(gated)
    expect(refusal(areas.pos, callerIn(shopWith('admin'), ME))).toBe('feature')
    expect(refusal(areas.settings, callerIn(shopWith('user', allOn), ME))).toBe('role')
    expect(refusal(areas.orders, callerIn({ users: [] }, ME))).toBe('notMember')
  })

  it('lets a shop read what a lapsed paid feature made, but not write it; its own switches still bar both (decision 0129)', () => {
    const lapsed = callerIn(shopWith('admin', { useCashboxLog: false }), ME)
    expect(refusal(areas.discounts, lapsed, true)).toBe('feature')
    expect(refusal(areas.discounts, lapsed, false)).toBeNull()
    expect(refusal(areas.cashboxLogs, lapsed, false)).toBe('feature')
    // Sub-shops need the shop's own switch and the plan's feature, both.
    const switchOnly = callerIn(shopWith('admin', { useSubShop: true }), ME)
    expect(refusal(areas.subShops, switchOnly)).toBe('feature')
    expect(
      refusal(areas.subShops, callerIn(shopWith('admin', { useSubShop: true, attributes: { subShops: true } }), ME))
    ).toBeNull()
    expect(refusal(areas.subShops, callerIn(shopWith('admin', { attributes: { subShops: true } }), ME), false)).toBe('feature')
  })
})

describe('plan state (spec §4.3)', () => {
  const now = Date.parse('2026-11-21T00:00:00Z')
  const day = 86_400_000
  it('trial with days left, trial ended, contract expiring under 7 days', () => {
    expect(planState({ validUtil: new Date(now + 3.5 * day).toISOString() }, now)).toEqual({ kind: 'trial', daysLeft: 4 })
    expect(planState({ validUtil: new Date(now - day).toISOString() }, now)).toEqual({ kind: 'trialEnded' })
    expect(planState({ validUtil: '', contract: 'pro', contractEnd: new Date(now + 6 * day).toISOString() }, now)).toEqual({
      kind: 'contract',
      daysLeft: 6,
      expiring: true
    })
    expect(planState({ validUtil: '', contract: 'pro', contractEnd: new Date(now + 7 * day).toISOString() }, now)).toMatchObject({
      expiring: false
    })
  })
})
