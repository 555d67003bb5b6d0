import { describe, expect, it, vi } from 'vitest'

vi.mock('./feathers-client', () => ({ client: { service: vi.fn() } }))
vi.mock('./realtime-sync', () => ({ useRealtimeSync: vi.fn() }))

const { handleNoShop, NoShopError, setCurrentShopId, shopQuery } = await import('./shop')

describe('shopQuery', () => {
  it('adds the current shop to a shop-scoped call', () => {
    setCurrentShopId('a'.repeat(24))
    expect(shopQuery({ $limit: 5 })).toEqual({ $limit: 5, shop: 'a'.repeat(24) })
  })

  it('without a shop, sends the user to /eshop and makes no call', () => {
    const redirect = vi.fn()
    handleNoShop(redirect)
    setCurrentShopId(undefined)
    expect(() => shopQuery()).toThrow(NoShopError)
    expect(redirect).toHaveBeenCalledOnce()
  })
})
