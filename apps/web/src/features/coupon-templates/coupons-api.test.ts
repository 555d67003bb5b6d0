import { describe, expect, it, vi } from 'vitest'

const create = vi.fn()
vi.mock('../../lib/resource-client', () => ({ shopApi: () => ({ create }) }))

const { generateCoupons } = await import('./coupons-api')

describe('generateCoupons', () => {
  it('asks in batches the server takes at once and tells how far it is after each', async () => {
    create.mockReset().mockResolvedValue({})
    const progress: number[] = []
    expect(await generateCoupons('t', 1200, 'u', (done) => progress.push(done))).toBe(1200)
    expect(create.mock.calls.map(([data]) => data)).toEqual([
      { template: 't', count: 500, user: 'u' },
      { template: 't', count: 500, user: 'u' },
      { template: 't', count: 200, user: 'u' }
    ])
    expect(progress).toEqual([500, 1000, 1200])
  })

  it('stops at a refused batch, having told what was made before it', async () => {
    const refused = Object.assign(new Error('limit'), { data: { key: 'coupon.limitTotal' } })
    create.mockReset().mockResolvedValueOnce({}).mockRejectedValueOnce(refused)
    const progress: number[] = []
    await expect(generateCoupons('t', 1200, null, (done) => progress.push(done))).rejects.toBe(refused)
    expect(create).toHaveBeenCalledTimes(2)
    expect(create.mock.calls[0][0]).toEqual({ template: 't', count: 500 })
    expect(progress).toEqual([500])
  })
})
