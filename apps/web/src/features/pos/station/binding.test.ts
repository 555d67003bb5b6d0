import { describe, expect, it } from 'vitest'
import type { Cashier, Shop } from '@emporia/shared'
import { bindingReducer, drawerDecision, initialBinding, legacyCreates, posAccessOf, type BindingState } from './binding'

const HERE = 'k'.repeat(43) + '='
const THERE = 'z'.repeat(43) + '='
const cashier = (over: Partial<Cashier> = {}): Cashier => ({
  _id: 'a'.repeat(24),
  shop: 'b'.repeat(24),
  id: 'C1',
  name: 'Front',
  deviceId: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  ...over
})
const other = (over: Partial<Cashier> = {}) => cashier({ _id: 'c'.repeat(24), id: 'C2', name: 'Back', ...over })
const bound = (over: Partial<Cashier> = {}): BindingState => ({ deviceId: HERE, cashier: cashier({ deviceId: HERE, ...over }) })

describe('the cashier-to-device binding (spec §4.7)', () => {
  it('starts from the cashier the server says is bound to this key, announcing it; none is no announcement', () => {
    const found = bindingReducer(initialBinding, { type: 'loaded', deviceId: HERE, bound: [cashier({ deviceId: HERE })] })
    expect(found.state.cashier?.id).toBe('C1')
    expect(found.announce).toBe('cashier')
    const none = bindingReducer(initialBinding, { type: 'loaded', deviceId: HERE, bound: [] })
    expect(none).toEqual({ state: { deviceId: HERE, cashier: null }, announce: undefined })
    // The server's answer after the cached cashier: the same one is no news, none clears it.
    expect(bindingReducer(found.state, { type: 'loaded', deviceId: HERE, bound: [cashier({ deviceId: HERE })] }).state).toBe(
      found.state
    )
    expect(bindingReducer(found.state, { type: 'loaded', deviceId: HERE, bound: [] })).toEqual({
      state: { deviceId: HERE, cashier: null },
      announce: 'cashierReset'
    })
    // A stale answer naming another device binds nothing.
    expect(
      bindingReducer(initialBinding, { type: 'loaded', deviceId: HERE, bound: [cashier({ deviceId: THERE })] }).state.cashier
    ).toBeNull()
  })

  it('clears the current cashier when an update shows it bound elsewhere or unbound', () => {
    const taken = bindingReducer(bound(), { type: 'changed', cashier: cashier({ deviceId: THERE }) })
    expect(taken).toEqual({ state: { deviceId: HERE, cashier: null }, announce: 'cashierReset' })
    const released = bindingReducer(bound(), { type: 'changed', cashier: cashier({ deviceId: null }) })
    expect(released.announce).toBe('cashierReset')
    expect(released.state.cashier).toBeNull()
  })

  it('makes current a cashier an update shows bound to this key, replacing another', () => {
    const fromNone = bindingReducer({ deviceId: HERE, cashier: null }, { type: 'changed', cashier: other({ deviceId: HERE }) })
    expect(fromNone.announce).toBe('cashier')
    expect(fromNone.state.cashier?.id).toBe('C2')
    const replaced = bindingReducer(bound(), { type: 'changed', cashier: other({ deviceId: HERE }) })
    expect(replaced.state.cashier?.id).toBe('C2')
    expect(replaced.announce).toBe('cashier')
  })

  it('ignores other cashiers and other devices, and anything heard before the key is known', () => {
    const state = bound()
    expect(bindingReducer(state, { type: 'changed', cashier: other({ deviceId: THERE }) }).state).toBe(state)
    expect(bindingReducer(state, { type: 'changed', cashier: other({ deviceId: null }) }).state).toBe(state)
    expect(bindingReducer(initialBinding, { type: 'changed', cashier: cashier({ deviceId: HERE }) }).state).toBe(initialBinding)
  })

  it('takes the current cashier’s new settings without announcing, and keeps the same object for a customer-screen update', () => {
    const state = bound()
    const tuned = bindingReducer(state, { type: 'changed', cashier: cashier({ deviceId: HERE, fontScale: 3 }) })
    expect(tuned.announce).toBeUndefined()
    expect(tuned.state.cashier?.fontScale).toBe(3)
    const display = { state: 'idle' as const, lines: [], at: '2026-11-26T01:00:00.000Z' }
    const shown = bindingReducer(state, {
      type: 'changed',
      cashier: cashier({ deviceId: HERE, display, updatedAt: '2026-11-26T01:00:00.000Z' })
    })
    expect(shown.state).toBe(state)
  })
})

describe('the legacy cashier migration (spec §4.7)', () => {
  it('creates each legacy entry whose id is missing, without its _id or unknown fields, once per id', () => {
    const creates = legacyCreates(
      [
        { _id: 'old1', id: 'C1', name: 'Front' },
        { _id: 'old2', id: 'C9', name: 'Side', fontScale: 2, printer: 'legacy-field' },
        { _id: 'old3', id: 'C9', name: 'Duplicate' },
        { id: 'C10' },
        { name: 'no id' }
      ],
      [{ id: 'C1' }]
    )
    expect(creates).toEqual([
      { id: 'C9', name: 'Side', fontScale: 2 },
      { id: 'C10', name: 'C10' }
    ])
  })
})

describe('POS access (spec §6.2)', () => {
  // A shop of one member, all that POS access reads: far from a whole `Shop`, hence the cast.
  const shop = (entry: Record<string, unknown>) =>
    ({ users: [{ user: 'u1', roles: [], perm: [], accepted: true, ...entry }] }) as unknown as Shop
  it('reads the member’s own level, defaulting to admin for shop admins and user for the rest', () => {
    expect(posAccessOf(shop({ role: 'user', posAccess: 'manager' }), 'u1')).toBe('manager')
    expect(posAccessOf(shop({ role: 'admin' }), 'u1')).toBe('admin')
    expect(posAccessOf(shop({ role: 'pos' }), 'u1')).toBe('user')
    expect(posAccessOf(shop({ role: 'admin' }), 'someone else')).toBe('user')
  })
  it('opens the drawer by hand for everyone, for managers and admins only, or for nobody', () => {
    expect(drawerDecision('everyone', 'user')).toBe('open')
    expect(drawerDecision('manager', 'user')).toBe('needPermission')
    expect(drawerDecision('manager', 'manager')).toBe('open')
    expect(drawerDecision('manager', 'admin')).toBe('open')
    expect(drawerDecision('none', 'admin')).toBe('noPermission')
    expect(drawerDecision(undefined, 'admin')).toBe('noPermission')
  })
})
