import { describe, expect, it } from 'vitest'
import { prefixPath, shopInPath, stripShop } from './route-prefix'

const shop = 'a'.repeat(24)
const other = 'b'.repeat(24)

describe('prefixPath', () => {
  it('prefixes absolute targets with the current shop', () => {
    expect(prefixPath('/orders', shop)).toBe(`/${shop}/orders`)
    expect(prefixPath('/orders?edit=1', shop)).toBe(`/${shop}/orders?edit=1`)
    expect(prefixPath('/', shop)).toBe(`/${shop}/`)
  })

  it('keeps targets that already start with a shop id', () => {
    expect(prefixPath(`/${other}/dashboard`, shop)).toBe(`/${other}/dashboard`)
    expect(prefixPath(`/${other}`, shop)).toBe(`/${other}`)
  })

  it('leaves targets alone without a shop, and relative or external ones always', () => {
    expect(prefixPath('/orders', undefined)).toBe('/orders')
    expect(prefixPath('orders', shop)).toBe('orders')
    expect(prefixPath('//cdn.example/x', shop)).toBe('//cdn.example/x')
    expect(prefixPath('https://example.com', shop)).toBe('https://example.com')
  })

  it('does not mistake a 24-character non-hex segment or a longer hex one for a shop', () => {
    expect(prefixPath(`/${'g'.repeat(24)}/x`, shop)).toBe(`/${shop}/${'g'.repeat(24)}/x`)
    expect(prefixPath(`/${'a'.repeat(25)}`, shop)).toBe(`/${shop}/${'a'.repeat(25)}`)
  })
})

describe('shopInPath / stripShop', () => {
  it('reads and removes the shop prefix', () => {
    expect(shopInPath(`/${shop}/orders`)).toBe(shop)
    expect(shopInPath('/orders')).toBeUndefined()
    expect(stripShop(`/${shop}/orders/x`)).toBe('/orders/x')
    expect(stripShop(`/${shop}`)).toBe('/')
    expect(stripShop('/dashboard')).toBe('/dashboard')
  })
})
