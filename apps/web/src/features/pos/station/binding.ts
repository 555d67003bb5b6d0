import { cashierSchema, type Cashier, type CashierData, type PosAccessType, type Shop } from '@emporia/shared'

/*
 * The cashier-to-device binding as this device sees it (spec §4.7, decision 0100): pure, so every rule is
 * unit-tested. The provider feeds it what the server answered and what the socket heard, and announces
 * what it says changed.
 */

export interface BindingState {
  /** This device's key id (null until the key is loaded). */
  deviceId: string | null
  /** The local current cashier: the one bound to this device. */
  cashier: Cashier | null
}

export type BindingEvent =
  /** The answer to `find {deviceId}`: the cashiers bound to this device (at most one, the server's rule). */
  | { type: 'loaded'; deviceId: string; bound: readonly Cashier[] }
  /** A cashier as the server now has it: a `created`/`patched` event, or the answer to this device's own patch. */
  | { type: 'changed'; cashier: Cashier }

export type Announcement = 'cashier' | 'cashierReset'

export interface BindingResult {
  state: BindingState
  announce?: Announcement
}

export const initialBinding: BindingState = { deviceId: null, cashier: null }

// The customer screen's state changes with every scan: it is not the station's, so it does not re-render the till.
const IGNORED = new Set(['display', 'updatedAt'])
const sameStation = (a: Cashier, b: Cashier) =>
  Object.keys({ ...a, ...b }).every(
    (key) => IGNORED.has(key) || JSON.stringify(a[key as keyof Cashier]) === JSON.stringify(b[key as keyof Cashier])
  )

export const bindingReducer = (state: BindingState, event: BindingEvent): BindingResult => {
  if (event.type === 'loaded') {
    const cashier = event.bound.find((candidate) => candidate.deviceId === event.deviceId) ?? null
    const current = state.deviceId === event.deviceId ? state.cashier : null
    if (current && cashier?._id === current._id)
      return sameStation(current, cashier) ? { state } : { state: { deviceId: event.deviceId, cashier } }
    const announce = cashier ? 'cashier' : current ? 'cashierReset' : undefined
    return { state: { deviceId: event.deviceId, cashier }, announce }
  }
  const { cashier } = event
  const { deviceId, cashier: current } = state
  // Before the key is known nothing can be told apart: `loaded` decides.
  if (!deviceId) return { state }
  if (cashier.deviceId === deviceId) {
    if (current?._id === cashier._id) return sameStation(current, cashier) ? { state } : { state: { deviceId, cashier } }
    return { state: { deviceId, cashier }, announce: 'cashier' }
  }
  // Another device took it, or it was let go: it is no longer this device's.
  if (current?._id === cashier._id) return { state: { deviceId, cashier: null }, announce: 'cashierReset' }
  return { state }
}

/** The fields a cashier may be created with: the schema's, less what the server owns. */
const writable = Object.entries(cashierSchema.properties)
  .filter(([name, schema]) => !(schema as { readOnly?: boolean }).readOnly && name !== 'deviceId' && name !== 'display')
  .map(([name]) => name)

/**
 * The legacy migration's creates (spec §4.7): each legacy entry whose id is not yet a cashier, without its
 * `_id` (and without anything the schema does not know, which the server would refuse). Never bound.
 */
export const legacyCreates = (
  legacy: readonly Record<string, unknown>[],
  existing: readonly Pick<Cashier, 'id'>[]
): CashierData[] => {
  const taken = new Set(existing.map((cashier) => cashier.id))
  const creates: CashierData[] = []
  for (const entry of legacy) {
    const id = typeof entry.id === 'string' ? entry.id : ''
    if (!id || taken.has(id)) continue
    taken.add(id)
    const data = Object.fromEntries(writable.filter((name) => entry[name] !== undefined).map((name) => [name, entry[name]]))
    creates.push({ ...data, id, name: typeof entry.name === 'string' && entry.name ? entry.name : id } as CashierData)
  }
  return creates
}

/**
 * The signed-in member's level at the till (spec §6.2): their entry of the shop's `users[]` says it
 * (`posAccess`, the server part's, decision 0095); unsaid, admin for a shop admin, user for the rest.
 */
export const posAccessOf = (shop: Pick<Shop, 'users'> | undefined, userId: string | undefined): PosAccessType => {
  const entry = shop?.users?.find((member) => member.user === userId) as { role?: string; posAccess?: PosAccessType } | undefined
  if (entry?.posAccess) return entry.posAccess
  return entry?.role === 'admin' ? 'admin' : 'user'
}

export type DrawerDecision = 'open' | 'noPermission' | 'needPermission'

/** Opening the drawer by hand (spec §6.2): nobody, managers (and admins), or everyone. */
export const drawerDecision = (opener: Shop['posDrawerOpener'], access: PosAccessType): DrawerDecision => {
  if (opener === 'everyone') return 'open'
  if (opener === 'manager') return access === 'user' ? 'needPermission' : 'open'
  // Unset is "none": a drawer opens by hand only where the shop said who may.
  return 'noPermission'
}
