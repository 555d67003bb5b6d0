import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { billingBanner, lockedFeatures, screenLocks } from './gates'

const me = 'a'.repeat(24)
const DAY = 86_400_000
const now = Date.parse('2026-12-01T00:00:00Z')

const shop = (patch: Partial<Shop> = {}, role: 'admin' | 'user' | 'pos' | 'subshop' = 'admin'): Shop => ({
  _id: 'b'.repeat(24),
  name: 'Shop',
  subdomain: 'shop',
  validUtil: new Date(now + 10 * DAY).toISOString(),
  useInventoryLot: false,
  useCashboxLog: false,
  useSubShop: false,
  i18n: false,
  attributes: {},
  users: [{ user: me, role, roles: [role], perm: [], accepted: true }],
  createdAt: '',
  updatedAt: '',
  ...patch
})

describe('the billing banner', () => {
  const grace = { billingState: 'grace' as const, graceEnd: new Date(now + 3 * DAY).toISOString() }

  it('tells an admin in grace how many days the features stay on, after a trial or a plan', () => {
    expect(billingBanner(shop(grace), me, true, now)).toEqual({ kind: 'grace', days: 3, after: 'trial' })
    expect(billingBanner(shop({ ...grace, contract: 'pro' }), me, true, now)).toEqual({ kind: 'grace', days: 3, after: 'plan' })
  })

  it('tells an admin after a lapse that the paid features are off', () => {
    expect(billingBanner(shop({ billingState: 'lapsed' }), me, true, now)).toEqual({ kind: 'lapsed' })
  })

  it('says nothing in a trial, under contract, without billing, or to anyone but an admin', () => {
    expect(billingBanner(shop({ billingState: 'trial' }), me, true, now)).toBeNull()
    // An ended trial not yet moved to grace is the drawer subtitle's to tell.
    expect(billingBanner(shop({ validUtil: new Date(now - DAY).toISOString() }), me, true, now)).toBeNull()
    expect(
      billingBanner(
        shop({ billingState: 'active', contract: 'pro', contractEnd: new Date(now + 3 * DAY).toISOString() }),
        me,
        true,
        now
      )
    ).toBeNull()
    expect(billingBanner(shop({ billingState: 'off' }), me, true, now)).toBeNull()
    expect(billingBanner(shop({ billingState: 'lapsed' }), me, false, now)).toBeNull()
    for (const role of ['user', 'pos', 'subshop'] as const)
      expect(billingBanner(shop({ billingState: 'lapsed' }, role), me, true, now), role).toBeNull()
    expect(billingBanner(undefined, me, true, now)).toBeNull()
  })
})

describe('the gated-entry rule', () => {
  it('names the paid features a readable area lacks', () => {
    expect(lockedFeatures('discounts', shop(), me)).toEqual(['discount'])
    expect(lockedFeatures('pos', shop({}, 'pos'), me)).toEqual(['pos'])
    expect(lockedFeatures('discounts', shop({ attributes: { discount: true } }), me)).toEqual([])
    expect(lockedFeatures('products', shop(), me)).toEqual([])
  })

  it('stays out of what the role or a shop switch closes', () => {
    // A cashier may not open discounts at all: no prompt, the entry stays hidden.
    expect(lockedFeatures('discounts', shop({}, 'pos'), me)).toEqual([])
    // Sub-shops need the shop's own switch first; with it, only the paid feature is missing.
    expect(lockedFeatures('subShops', shop(), me)).toEqual([])
    expect(lockedFeatures('subShops', shop({ useSubShop: true }), me)).toEqual(['subShops'])
    expect(lockedFeatures('subsequentPayments', shop({}, 'user'), me)).toEqual([])
  })

  it('counts the features a screen writes behind (the page editor, domains) as well as its area', () => {
    expect(screenLocks({ service: 'pages' }, shop(), me)).toEqual(['pageEditor'])
    expect(screenLocks({ service: 'domains' }, shop(), me)).toEqual(['domains'])
    expect(screenLocks({ area: 'discounts', service: 'discounts' }, shop(), me)).toEqual(['discount'])
    expect(screenLocks({ service: 'categories' }, shop(), me)).toEqual([])
    expect(screenLocks({}, shop(), me)).toEqual([])
  })
})
