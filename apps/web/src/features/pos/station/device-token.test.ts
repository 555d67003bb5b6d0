import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEVICE_TOKEN_TTL_SECONDS } from '@emporia/shared'
import { deviceKeysOf, generateKeyPair, signDeviceToken } from './device-token'

const bytesOf = (segment: string) =>
  Uint8Array.from(atob(segment.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
const segmentOf = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const decode = (segment: string) => JSON.parse(new TextDecoder().decode(bytesOf(segment))) as Record<string, unknown>

/** Verifies as a server would: the key from the header, the signature over the first two segments. */
const verify = async (token: string) => {
  const [header, payload, signature] = token.split('.')
  const jwk = decode(header).jwk as JsonWebKey
  const key = await crypto.subtle.importKey('jwk', { ...jwk, ext: true }, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify'
  ])
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    bytesOf(signature),
    new TextEncoder().encode(`${header}.${payload}`)
  )
}

describe('the POS device token (spec §7.5)', () => {
  it('carries the public key and key id in its header, the host, expiry, jti and key id in its payload, and verifies', async () => {
    const pair = await generateKeyPair()
    expect(pair.privateKey.extractable).toBe(false)
    const keys = await deviceKeysOf(pair)
    const token = await signDeviceToken(keys, 'shop.example.com', 1_800_000_000, 'once')
    const [header, payload, signature] = token.split('.')
    expect(decode(header)).toEqual({ alg: 'ES256', kid: keys.kid, jwk: keys.publicJwk })
    expect(Object.keys(keys.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y'])
    expect(decode(payload)).toEqual({
      iss: 'shop.example.com',
      exp: 1_800_000_000 + DEVICE_TOKEN_TTL_SECONDS,
      jti: 'once',
      sub: keys.kid
    })
    // JWS ES256: r‖s, 32 bytes each.
    expect(bytesOf(signature)).toHaveLength(64)
    expect(await verify(token)).toBe(true)
  })

  it('names the key by the standard base64 SHA-256 of its RFC 7638 thumbprint input', async () => {
    const keys = await deviceKeysOf(await generateKeyPair())
    const { crv, kty, x, y } = keys.publicJwk
    const expected = createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64')
    expect(keys.kid).toBe(expected)
    expect(keys.kid).toMatch(/^[A-Za-z0-9+/]{43}=$/)
  })

  it('is refused when its payload is changed or another key signed it', async () => {
    const keys = await deviceKeysOf(await generateKeyPair())
    const token = await signDeviceToken(keys, 'shop.example.com')
    const [header, payload, signature] = token.split('.')
    const forgedPayload = segmentOf(JSON.stringify({ ...decode(payload), iss: 'evil.example.com' }))
    expect(await verify(`${header}.${forgedPayload}.${signature}`)).toBe(false)
    const other = await signDeviceToken(await deviceKeysOf(await generateKeyPair()), 'shop.example.com')
    expect(await verify(`${header}.${payload}.${other.split('.')[2]}`)).toBe(false)
    // Each token is new: a different jti every time.
    const again = await signDeviceToken(keys, 'shop.example.com')
    expect(decode(again.split('.')[1]).jti).not.toBe(decode(payload).jti)
  })
})
