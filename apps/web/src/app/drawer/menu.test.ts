import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { buildMenu, currentHref, menuLinks } from './menu'

const me = 'a'.repeat(24)
const features = { register: true, inviteCode: false, verify: true, billing: true }
const DAY = 86_400_000
const now = Date.parse('2026-11-21T00:00:00Z')

const shop = (patch: Partial<Shop> = {}, role: 'admin' | 'user' | 'pos' | 'subshop' = 'admin', perm: string[] = []): Shop => ({
  _id: 'b'.repeat(24),
  name: 'Shop',
  subdomain: 'shop',
  validUtil: new Date(now + 10 * DAY).toISOString(),
  useInventoryLot: false,
  useCashboxLog: false,
  useSubShop: false,
  // Stock is tracked unless the shop turns it off (decision 0178).
  useInventory: true,
  i18n: false,
  attributes: {},
  users: [{ user: me, role, roles: [role], perm, accepted: true }],
  createdAt: '',
  updatedAt: '',
  ...patch
})

const keys = (input: Parameters<typeof buildMenu>[0]) => buildMenu({ now, ...input }).map((item) => item.key)

describe('buildMenu', () => {
  it('shows Login and, when registration is on, Register to a visitor', () => {
    expect(keys({ signedIn: false, verified: false, features })).toEqual(['login', 'register'])
    expect(keys({ signedIn: false, verified: false, features: { ...features, register: false } })).toEqual(['login'])
  })

  it('asks an unverified user to verify first when the verify feature is on', () => {
    expect(keys({ signedIn: true, verified: false, userId: me, features, shop: shop() })).toEqual(['verify', 'profile', 'logout'])
    expect(
      keys({ signedIn: true, verified: false, userId: me, features: { ...features, verify: false }, shop: shop() })
    ).toContain('home')
  })

  it('asks an unverified member to verify first in a shop that requires it, whatever the platform feature (decision 0138)', () => {
    const off = { ...features, verify: false }
    const strict = shop({ staffVerifyRequired: true }, 'user')
    expect(keys({ signedIn: true, verified: false, userId: me, features: off, shop: strict })).toEqual([
      'verify',
      'profile',
      'logout'
    ])
    expect(keys({ signedIn: true, verified: true, userId: me, features: off, shop: strict })).toContain('home')
    expect(keys({ signedIn: true, verified: false, userId: me, features: off, shop: shop({}, 'user') })).toContain('home')
  })

  it('gives an admin of a new shop without billing the spec order, paid features hidden or disabled', () => {
    const menu = buildMenu({
      signedIn: true,
      verified: true,
      userId: me,
      features: { ...features, billing: false },
      shop: shop(),
      now
    })
    expect(menu.map((item) => item.key)).toEqual([
      'home',
      'eshop',
      'app',
      'mini',
      'warehouses',
      'products',
      'orders',
      'payments',
      'charts',
      'pos',
      'shopUsers',
      'settings',
      'profile',
      'logout'
    ])
    expect(menu.filter((item) => item.disabled).map((item) => item.key)).toEqual(['app', 'mini', 'pos'])
    expect(menuLinks(menu).some((item) => item.upgrade)).toBe(false)
  })

  it('shows an admin every paid entry with an upgrade mark when billing is on, none disabled', () => {
    const menu = buildMenu({ signedIn: true, verified: true, userId: me, features, shop: shop(), now })
    expect(menu.map((item) => item.key)).toEqual([
      'home',
      'eshop',
      'app',
      'mini',
      'warehouses',
      'products',
      'bundles',
      'discounts',
      'couponTemplates',
      'promotions',
      'orders',
      'payments',
      'charts',
      'pos',
      'shopUsers',
      'subsequentPayments',
      'billing',
      'settings',
      'profile',
      'logout'
    ])
    expect(menu.filter((item) => item.upgrade).map((item) => item.key)).toEqual([
      'app',
      'mini',
      'bundles',
      'discounts',
      'couponTemplates',
      'promotions',
      'pos',
      'subsequentPayments'
    ])
    expect(menu.some((item) => item.disabled)).toBe(false)
    const links = menuLinks(menu)
    // The page editor's pages and custom domains read freely and write behind their paid feature.
    expect(links.filter((item) => item.upgrade).map((item) => item.key)).toEqual(
      expect.arrayContaining(['eshop/pages', 'eshop/domains', 'productBundles', 'bulkOrders'])
    )
    expect(links.find((item) => item.key === 'productRelateds')?.upgrade).toBeUndefined()
    expect(links.find((item) => item.key === 'eshop/categories')?.upgrade).toBeUndefined()
  })

  it('keeps hiding what a shop switch (a flag) or the role closes, whatever billing says', () => {
    // A shop that tracks no stock (useInventory off, decision 0178) has no Warehouses group.
    const menu = keys({ signedIn: true, verified: true, userId: me, features, shop: shop({ useInventory: false }) })
    expect(menu).not.toContain('warehouses')
    expect(menu).toContain('products')
    expect(keys({ signedIn: true, verified: true, userId: me, features, shop: shop() })).toContain('warehouses')
    // Sub-shops need the shop's own switch; without it the entry stays hidden even with billing on.
    expect(keys({ signedIn: true, verified: true, userId: me, features, shop: shop() })).not.toContain('subShops')
    const switched = buildMenu({
      signedIn: true,
      verified: true,
      userId: me,
      features,
      shop: shop({ useSubShop: true }),
      now
    }).find((item) => item.key === 'subShops')
    expect(switched).toMatchObject({ upgrade: true })
    // A staff member (user) never sees the admin's subsequent payments, paid or not.
    expect(keys({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'user') })).not.toContain(
      'subsequentPayments'
    )
    // A cashier sees the POS with its upgrade mark, and no billing (admins only).
    const pos = buildMenu({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'pos'), now })
    expect(pos.find((item) => item.key === 'pos')).toMatchObject({ upgrade: true })
    expect(pos.map((item) => item.key)).not.toContain('billing')
  })

  it('drops the upgrade marks once the plan has the features', () => {
    const paid = shop({ attributes: { discount: true, promotion: true } })
    const menu = buildMenu({ signedIn: true, verified: true, userId: me, features, shop: paid, now })
    expect(menu.find((item) => item.key === 'discounts')?.upgrade).toBeUndefined()
    expect(menu.find((item) => item.key === 'promotions')?.upgrade).toBeUndefined()
    expect(menu.find((item) => item.key === 'pos')?.upgrade).toBe(true)
  })

  it('opens every gated entry when the shop has all features', () => {
    const all = shop({
      attributes: {
        app: true,
        bundle: true,
        discount: true,
        promotion: true,
        pos: true,
        subsequentPayment: true,
        pageEditor: true,
        domains: true,
        subShops: true
      },
      useInventoryLot: true,
      useCashboxLog: true,
      useSubShop: true
    })
    const links = menuLinks(buildMenu({ signedIn: true, verified: true, userId: me, features, shop: all, now })).map(
      (item) => item.key
    )
    for (const key of [
      'app',
      'mini/topics',
      'warehouses/inventoryLots',
      'productBundles',
      'discounts',
      'couponTemplates',
      'promotions',
      'cashboxLogs',
      'pos',
      'subShops',
      'bulkOrders'
    ])
      expect(links, key).toContain(key)
    const menu = buildMenu({ signedIn: true, verified: true, userId: me, features, shop: all, now })
    expect(menu.some((item) => item.disabled)).toBe(false)
    expect(menuLinks(menu).some((item) => item.upgrade)).toBe(false)
  })

  it('limits a pos user and a sub-shop to their areas', () => {
    // Billing is the admins' (decision 0129): a cashier does not see it.
    expect(keys({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'pos') })).toEqual([
      'home',
      'orders',
      'pos',
      'profile',
      'logout'
    ])
    const withWarehouse = keys({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'pos', ['warehouse']) })
    expect(withWarehouse).toContain('warehouses')
    // A sub-shop sees warehouses and products, and never billing.
    expect(keys({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'subshop') })).toEqual([
      'home',
      'warehouses',
      'products',
      'profile',
      'logout'
    ])
  })

  it('labels billing by contract and gives the plan status', () => {
    const entry = (patch: Partial<Shop>) =>
      buildMenu({ signedIn: true, verified: true, userId: me, features, shop: shop(patch), now }).find(
        (item) => item.key === 'billing'
      )
    expect(entry({})).toMatchObject({ label: 'menu.upgrade', subtitle: { key: 'plan.trial', values: { days: 10 } } })
    expect(entry({ validUtil: new Date(now - DAY).toISOString() })).toMatchObject({
      subtitle: { key: 'plan.trialEnded', alert: true }
    })
    expect(entry({ contract: 'pro', contractEnd: new Date(now + 3 * DAY).toISOString() })).toMatchObject({
      label: 'menu.billing',
      subtitle: { key: 'plan.expiring', values: { days: 3 }, alert: true }
    })
    expect(entry({ contract: 'pro', contractEnd: new Date(now + 30 * DAY).toISOString() })).toMatchObject({
      subtitle: { key: 'plan.contract' }
    })
    // Decision 0129: grace counts down in red, a lapsed plan says so in red, self-hosted says nothing.
    expect(entry({ billingState: 'grace', graceEnd: new Date(now + 5 * DAY).toISOString() })).toMatchObject({
      label: 'menu.upgrade',
      subtitle: { key: 'plan.grace', values: { days: 5 }, alert: true }
    })
    expect(
      entry({ contract: 'pro', billingState: 'grace', graceEnd: new Date(now + 2 * DAY - 1000).toISOString() })
    ).toMatchObject({ label: 'menu.billing', subtitle: { key: 'plan.grace', values: { days: 2 }, alert: true } })
    expect(entry({ billingState: 'lapsed' })).toMatchObject({ subtitle: { key: 'plan.lapsed', alert: true } })
    expect(entry({ billingState: 'off' })?.subtitle).toBeUndefined()
    // A user (staff, not admin) has no billing entry.
    expect(
      buildMenu({ signedIn: true, verified: true, userId: me, features, shop: shop({}, 'user'), now }).map((item) => item.key)
    ).not.toContain('billing')
    expect(
      buildMenu({ signedIn: true, verified: true, userId: me, features: { ...features, billing: false }, shop: shop(), now }).map(
        (item) => item.key
      )
    ).not.toContain('billing')
  })

  it('sends a user without a shop to the setup wizard', () => {
    expect(keys({ signedIn: true, verified: true, userId: me, features })).toEqual(['eshop', 'profile', 'logout'])
  })
})

describe('currentHref', () => {
  it('lights the one entry a page belongs to, the deepest that contains it', () => {
    const menu = buildMenu({ signedIn: true, verified: true, userId: me, features, shop: shop(), now })
    expect(currentHref(menu, '/eshop/banners')).toBe('/eshop/banners')
    expect(currentHref(menu, '/eshop/banners/edit/abc')).toBe('/eshop/banners')
    expect(currentHref(menu, '/eshop')).toBe('/eshop')
    expect(currentHref(menu, '/warehouses/inventories/edit')).toBe('/warehouses/inventories')
    expect(currentHref(menu, '/no/such/page')).toBeUndefined()
  })
})
