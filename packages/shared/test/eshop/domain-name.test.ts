import { describe, expect, it } from 'vitest'
import { isDomainName, manualRecords, normalizeDomainName, verificationText } from '../../src/eshop/domain.schema'

describe('domain names (decision 0112)', () => {
  it('normalizes what a merchant types: case, spaces, scheme, path and the trailing dot', () => {
    expect(normalizeDomainName('  Shop.Example.COM. ')).toBe('shop.example.com')
    expect(normalizeDomainName('https://www.example.com/about?x=1')).toBe('www.example.com')
    expect(normalizeDomainName('http://example.hk#top')).toBe('example.hk')
  })

  it('accepts host names and refuses what DNS would not hold', () => {
    for (const name of ['example.com', 'www.my-shop.com.hk', 'a.io', 'xn--fiqs8s.xn--j6w193g', `${'a'.repeat(63)}.com`])
      expect(isDomainName(name), name).toBe(true)
    for (const name of [
      'localhost',
      'Example.com',
      '-shop.com',
      'shop-.com',
      'a..b.com',
      'shop.123',
      'sh op.com',
      'shop_x.com',
      `${'a'.repeat(64)}.com`,
      `${'abcdefghi.'.repeat(26)}com`
    ])
      expect(isDomainName(name), name).toBe(false)
  })

  it('lists the records to add: the TXT proof and the CNAME, and an A record only with an address', () => {
    expect(manualRecords('shop.example.com', 'abc', 'my.shops.test')).toEqual([
      { name: 'shop.example.com', type: 'TXT', value: verificationText('abc') },
      { name: 'shop.example.com', type: 'CNAME', value: 'my.shops.test' }
    ])
    expect(manualRecords('example.com', 'abc', 'my.shops.test', '203.0.113.7').at(-1)).toEqual({
      name: 'example.com',
      type: 'A',
      value: '203.0.113.7'
    })
    expect(verificationText('abc')).toBe('emporia-verify=abc')
  })
})
