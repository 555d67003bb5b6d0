import { describe, expect, it } from 'vitest'
import type { QueuedOrder } from '../pos-types'
import { canSellOffline, createOrderQueue, isRefusal, type QueueDeps, type QueuedData, type QueueStore } from './queue-core'

/** The IndexedDB store's behaviour in memory: entries are copied in and out, like structured clone. */
const memoryStore = (initial: QueuedOrder[] = []): QueueStore & { entries: Map<string, QueuedOrder> } => {
  const entries = new Map(initial.map((entry) => [entry.clientId, structuredClone(entry)]))
  return {
    entries,
    all: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    put: async (entry) => void entries.set(entry.clientId, structuredClone(entry)),
    remove: async (clientId) => void entries.delete(clientId)
  }
}

const order = (key: string, method = 'cash'): QueuedData => ({
  source: 'pos',
  products: [{ product: 'a'.repeat(24), quantity: 1 }] as QueuedData['products'],
  payments: [{ method, amount: 100 }],
  idempotencyKey: key
})

/** A server that answers once per idempotencyKey (decision 0078) and can be down or refuse. */
const fakeServer = () => {
  const orders = new Map<string, { _id: string; orderId: string; total: number; status: string }>()
  const state = { down: false, refuse: new Set<string>(), calls: [] as string[], shops: [] as (string | undefined)[] }
  const send: QueueDeps['send'] = async (data, shop) => {
    state.calls.push(data.idempotencyKey)
    state.shops.push(shop)
    if (state.down) throw Object.assign(new Error('Socket connection timed out'), { name: 'Timeout', code: 408 })
    if (state.refuse.has(data.idempotencyKey))
      throw Object.assign(new Error('Not enough stock'), { code: 400, data: { key: 'inventory.notEnough', field: 'products.0' } })
    const existing = orders.get(data.idempotencyKey)
    if (existing) return existing
    const created = { _id: String(orders.size + 1).padStart(24, '0'), orderId: `P${orders.size + 1}`, total: 100, status: 'paid' }
    orders.set(data.idempotencyKey, created)
    return created
  }
  return { orders, state, send }
}

const setup = (initial: QueuedOrder[] = []) => {
  const store = memoryStore(initial)
  const server = fakeServer()
  const net = { online: true }
  let tick = 0
  const queue = createOrderQueue({
    store,
    send: server.send,
    online: () => net.online,
    shop: () => 'b'.repeat(24),
    describe: (error) => `shown: ${(error as Error).message}`,
    now: () => new Date(Date.UTC(2026, 10, 26, 10, 0, tick++))
  })
  return { store, server, net, queue }
}

describe('offline order queue (decision 0099)', () => {
  it('sends at once when online and keeps nothing', async () => {
    const { queue, server, store } = setup()
    const result = await queue.submit(order('key-00001'))
    expect(result).toMatchObject({ state: 'sent', order: { orderId: 'P1' }, shop: 'b'.repeat(24) })
    expect(server.state.shops).toEqual(['b'.repeat(24)])
    expect(store.entries.size).toBe(0)
    expect(await queue.list()).toEqual([])
  })

  it('keeps orders taken offline without calling the server, then sends them oldest first, once each', async () => {
    const { queue, server, net } = setup()
    net.online = false
    for (const key of ['key-00001', 'key-00002', 'key-00003']) expect((await queue.submit(order(key))).state).toBe('pending')
    expect(server.state.calls).toEqual([])
    expect((await queue.list()).map((entry) => entry.clientId)).toEqual(['key-00001', 'key-00002', 'key-00003'])
    net.online = true
    await queue.flush()
    expect(server.state.calls).toEqual(['key-00001', 'key-00002', 'key-00003'])
    expect(server.orders.size).toBe(3)
    expect(await queue.list()).toEqual([])
  })

  it('keeps an order pending when the server times out or the network fails, and stops at the first', async () => {
    const { queue, server, net } = setup()
    net.online = false
    await queue.submit(order('key-00001'))
    await queue.submit(order('key-00002'))
    net.online = true
    server.state.down = true
    await queue.flush()
    // The second is not tried: the connection that failed the first would fail it too.
    expect(server.state.calls).toEqual(['key-00001'])
    expect((await queue.list()).map((entry) => entry.state)).toEqual(['pending', 'pending'])
    server.state.down = false
    await queue.flush()
    expect(server.orders.size).toBe(2)
  })

  it('marks a refused order failed with the message, keeps it, and goes on with the next', async () => {
    const { queue, server, net } = setup()
    net.online = false
    await queue.submit(order('key-00001'))
    await queue.submit(order('key-00002'))
    server.state.refuse.add('key-00001')
    net.online = true
    await queue.flush()
    const [failed, ...rest] = await queue.list()
    expect(failed).toMatchObject({
      clientId: 'key-00001',
      state: 'failed',
      error: { key: 'inventory.notEnough', message: 'shown: Not enough stock' }
    })
    expect(rest).toEqual([])
    // A flush does not send a failed order again by itself: a person decides.
    await queue.flush()
    expect(server.state.calls.filter((key) => key === 'key-00001')).toHaveLength(1)
    server.state.refuse.clear()
    await queue.retry('key-00001')
    expect(await queue.list()).toEqual([])
    expect(server.orders.size).toBe(2)
  })

  it('discards an order refused on a replay only when asked', async () => {
    const { queue, server, net } = setup()
    net.online = false
    await queue.submit(order('key-00001'))
    server.state.refuse.add('key-00001')
    net.online = true
    await queue.flush()
    expect((await queue.list()).map((entry) => entry.state)).toEqual(['failed'])
    await queue.discard('key-00001')
    expect(await queue.list()).toEqual([])
  })

  it('answers a refusal to the till that is waiting for it, without keeping it in the queue', async () => {
    const { queue, server } = setup()
    server.state.refuse.add('key-00001')
    const refused = await queue.submit(order('key-00001'))
    expect(refused).toMatchObject({ state: 'failed', error: { key: 'inventory.notEnough' } })
    // The till's cart still holds the sale; the queue is for what the till no longer holds.
    expect(await queue.list()).toEqual([])
    server.state.refuse.clear()
    // Paid again under the same key (the same cart), it goes through once.
    expect((await queue.submit(order('key-00001'))).state).toBe('sent')
    expect(server.orders.size).toBe(1)
  })

  it('replays an order left "sending" by a closed tab with the same key, so the server answers the first order', async () => {
    const taken = order('key-00001')
    const { queue, server } = setup([
      { clientId: 'key-00001', data: taken, createdAt: '2026-11-26T09:00:00.000Z', state: 'sending' }
    ])
    // The tab had sent it and the server had made the order before the tab closed.
    await server.send(taken, undefined)
    expect((await queue.list())[0].state).toBe('pending')
    await queue.flush()
    expect(server.orders.size).toBe(1)
    expect(server.state.calls).toEqual(['key-00001', 'key-00001'])
  })

  it('sends an order submitted during a flush in that flush, never twice at once', async () => {
    const { queue, server, net } = setup()
    net.online = false
    await queue.submit(order('key-00001'))
    net.online = true
    const flushing = queue.flush()
    const submitted = queue.submit(order('key-00002'))
    await Promise.all([flushing, submitted])
    expect(server.state.calls).toEqual(['key-00001', 'key-00002'])
    expect((await submitted).state).toBe('sent')
  })

  it('tells subscribers the pending orders as they change', async () => {
    const { queue, net } = setup()
    const seen: number[] = []
    queue.subscribe((orders) => seen.push(orders.length))
    net.online = false
    await queue.submit(order('key-00001'))
    net.online = true
    await queue.flush()
    expect(seen.at(-1)).toBe(0)
    expect(Math.max(...seen)).toBe(1)
  })
})

describe('what may be sold offline', () => {
  it('allows cash and custom methods only', () => {
    expect(canSellOffline([{ method: 'cash' }, { method: 'pos' }])).toBe(true)
    expect(canSellOffline([{ method: 'cash' }, { method: 'stripe' }])).toBe(false)
    expect(canSellOffline([{ method: 'credit' }])).toBe(false)
    expect(canSellOffline([{ method: 'point' }])).toBe(false)
  })

  it('tells a refusal from a moment the server could not answer', () => {
    expect(isRefusal({ code: 400 })).toBe(true)
    expect(isRefusal({ code: 409 })).toBe(true)
    expect(isRefusal({ code: 408 })).toBe(false)
    expect(isRefusal({ code: 401 })).toBe(false)
    expect(isRefusal({ code: 503 })).toBe(false)
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false)
  })
})
