import { expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { writesAllowed } from './paid-writes'

const me = 'a'.repeat(24)
const shop = (patch: Partial<Shop> = {}, role: 'admin' | 'user' | 'pos' = 'admin'): Shop => ({
  _id: 'b'.repeat(24),
  name: 'Shop',
  subdomain: 'shop',
  validUtil: '2026-12-01T00:00:00.000Z',
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

it('keeps a list read-only while its paid feature is off, and leaves role rules to the screen', () => {
  expect(writesAllowed('discounts', shop(), me)).toBe(false)
  expect(writesAllowed('discounts', shop({ attributes: { discount: true } }), me)).toBe(true)
  expect(writesAllowed('pages', shop(), me)).toBe(false)
  expect(writesAllowed('products', shop(), me)).toBe(true)
  // A cashier may not write categories: a role matter, not the plan's, so the list decides.
  expect(writesAllowed('categories', shop({}, 'pos'), me)).toBe(true)
  // Nothing known: nothing hidden.
  expect(writesAllowed('no/such/path', shop(), me)).toBe(true)
  expect(writesAllowed('discounts', undefined, me)).toBe(true)
})
