import { describe, expect, it } from 'vitest'
import { parseTrustProxy, resolveClient, TRUST_NOTHING } from '../../../src/platform/http/client-address'

const forwarded = (xff?: string, proto?: string) => ({
  ...(xff === undefined ? {} : { 'x-forwarded-for': xff }),
  ...(proto === undefined ? {} : { 'x-forwarded-proto': proto })
})

/** TRUST_PROXY's parsing and the client it resolves from a request's peer and headers (decision 0119). */
describe('client address', () => {
  it('reads TRUST_PROXY as nothing, a hop count or proxies’ addresses, and refuses anything else at start-up', () => {
    expect(parseTrustProxy(undefined)).toBe(TRUST_NOTHING)
    expect(parseTrustProxy('')).toBe(TRUST_NOTHING)
    expect(parseTrustProxy('0')).toBe(TRUST_NOTHING)
    expect(parseTrustProxy('false')).toBe(TRUST_NOTHING)
    expect(parseTrustProxy('2')).toEqual({ hops: 2 })
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8').proxies).toBeDefined()
    for (const bad of ['true', 'yes', '10.0.0.0/33', '::1/129', 'caddy', '127.0.0.1,', '1.2.3.4/8/1', '99'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/)
  })

  it('believes no header when nothing is trusted', () => {
    expect(resolveClient(TRUST_NOTHING, '127.0.0.1', forwarded('203.0.113.9', 'https'))).toEqual({
      address: '127.0.0.1',
      https: false
    })
    expect(resolveClient(TRUST_NOTHING, '::ffff:192.0.2.1', {})).toEqual({ address: '192.0.2.1', https: false })
    expect(resolveClient(TRUST_NOTHING, '192.0.2.1', {}, true).https).toBe(true)
  })

  it('takes the address the trusted proxy saw, never one the client wrote further left', () => {
    const caddy = parseTrustProxy('127.0.0.1')
    // The client forged "1.1.1.1"; Caddy appended the address it really saw.
    expect(resolveClient(caddy, '127.0.0.1', forwarded('1.1.1.1, 203.0.113.9', 'https'))).toEqual({
      address: '203.0.113.9',
      https: true
    })
    expect(resolveClient(caddy, '::ffff:127.0.0.1', forwarded('203.0.113.9'))).toEqual({ address: '203.0.113.9', https: false })
    // Not from the proxy: the headers are the client's own words.
    expect(resolveClient(caddy, '198.51.100.7', forwarded('1.1.1.1', 'https'))).toEqual({
      address: '198.51.100.7',
      https: false
    })
    // Through the proxy but without a header: the proxy itself.
    expect(resolveClient(caddy, '127.0.0.1', {}).address).toBe('127.0.0.1')
    // Junk where an address should be ends the walk at the hop that sent it.
    expect(resolveClient(caddy, '127.0.0.1', forwarded('not-an-address')).address).toBe('127.0.0.1')
  })

  it('walks several trusted hops, by address list or by count', () => {
    const chain = forwarded('1.1.1.1, 203.0.113.9, 10.0.0.5', 'https, http')
    expect(resolveClient(parseTrustProxy('127.0.0.1, 10.0.0.0/8'), '127.0.0.1', chain)).toEqual({
      address: '203.0.113.9',
      https: true
    })
    expect(resolveClient(parseTrustProxy('1'), '127.0.0.1', chain).address).toBe('10.0.0.5')
    expect(resolveClient(parseTrustProxy('2'), '127.0.0.1', chain).address).toBe('203.0.113.9')
    // More hops than the chain has: the leftmost address there is.
    expect(resolveClient(parseTrustProxy('9'), '127.0.0.1', chain).address).toBe('1.1.1.1')
    const v6 = resolveClient(parseTrustProxy('::1'), '::1', { 'x-forwarded-for': ['2001:db8::1'] })
    expect(v6.address).toBe('2001:db8::1')
  })
})
