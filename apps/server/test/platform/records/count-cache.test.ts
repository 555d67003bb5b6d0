import { CountCache } from '../../../src/platform/records/count-cache'

const deferred = () => {
  let resolve!: (n: number) => void
  const promise = new Promise<number>((r) => (resolve = r))
  return { promise, resolve }
}

describe('count cache', () => {
  it('shares one count between concurrent callers and serves it until a write', async () => {
    const cache = new CountCache()
    let runs = 0
    const compute = async () => (++runs, 42)
    expect(await Promise.all([cache.total('t', 's1', 'k', compute), cache.total('t', 's1', 'k', compute)])).toEqual([42, 42])
    expect(await cache.total('t', 's1', 'k', compute)).toBe(42)
    expect(runs).toBe(1)
    cache.invalidate('t', ['s1'])
    await cache.total('t', 's1', 'k', compute)
    expect(runs).toBe(2)
  })

  it('a write to another shop keeps this shop’s totals; a write of unknown shop drops them', async () => {
    const cache = new CountCache()
    let runs = 0
    const compute = async () => ++runs
    await cache.total('t', 's1', 'k', compute)
    cache.invalidate('t', ['s2'])
    expect(await cache.total('t', 's1', 'k', compute)).toBe(1)
    cache.invalidate('t', null)
    expect(await cache.total('t', 's1', 'k', compute)).toBe(2)
  })

  it('a count that a write overtakes is not stored', async () => {
    const cache = new CountCache()
    const slow = deferred()
    const first = cache.total('t', null, 'k', () => slow.promise)
    cache.invalidate('t', null)
    slow.resolve(1)
    expect(await first).toBe(1)
    expect(await cache.total('t', null, 'k', async () => 2)).toBe(2)
  })

  it('answers an aged total at once and refreshes it in the background', async () => {
    const cache = new CountCache({ ttlMs: 0 })
    await cache.total('t', null, 'k', async () => 1)
    const refresh = deferred()
    expect(await cache.total('t', null, 'k', () => refresh.promise)).toBe(1)
    refresh.resolve(5)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await cache.total('t', null, 'k', () => new Promise<number>(() => undefined))).toBe(5)
  })
})
