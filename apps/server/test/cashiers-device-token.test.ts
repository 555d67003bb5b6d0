import { SignJWT, UnsecuredJWT, generateKeyPair, exportJWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { hostnameOf, keyIdOf, tokenHosts, verifyDeviceToken } from '../src/pos/device-token'
import { deviceToken, makeDevice } from './cashiers-device'

const HOSTS = ['127.0.0.1']
const rejection = (why?: RegExp) => ({
  code: 403,
  data: { key: 'pos.error.deviceToken', field: 'deviceToken' },
  ...(why ? { message: expect.stringMatching(why) } : {})
})

/** The device token alone (spec §7.5; decision 0095), without a server: what it proves and every way it fails. */
describe('device tokens', () => {
  it('proves the key id of a token the till signs, for one of the accepted hosts', async () => {
    const device = await makeDevice()
    expect(keyIdOf(device.jwk as never)).toBe(device.kid)
    const proof = await verifyDeviceToken(await deviceToken(device, { jti: 'j-1', iss: 'pos.example.com' }), [
      'shop.test',
      'pos.example.com'
    ])
    expect(proof).toMatchObject({ kid: device.kid, jti: 'j-1', exp: expect.any(Number) })
  })

  it('accepts a clock a little off, and nothing longer-lived than the till makes', async () => {
    const device = await makeDevice()
    await expect(verifyDeviceToken(await deviceToken(device, { expiresIn: -30 }), HOSTS)).resolves.toBeDefined()
    await expect(verifyDeviceToken(await deviceToken(device, { expiresIn: 950 }), HOSTS)).resolves.toBeDefined()
    await expect(verifyDeviceToken(await deviceToken(device, { expiresIn: -90 }), HOSTS)).rejects.toMatchObject(rejection())
    await expect(verifyDeviceToken(await deviceToken(device, { expiresIn: 1000 }), HOSTS)).rejects.toMatchObject(
      rejection(/lives too long/)
    )
  })

  it('refuses other algorithms, private keys in the header, other curves, and tokens without a jti', async () => {
    const device = await makeDevice()
    const unsigned = new UnsecuredJWT({ jti: 'x' }).setIssuer('127.0.0.1').setSubject(device.kid).setExpirationTime('5m').encode()
    await expect(verifyDeviceToken(unsigned, HOSTS)).rejects.toMatchObject(rejection())
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const secretJwk = await exportJWK(privateKey)
    const leaky = await new SignJWT({ jti: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: device.kid, jwk: secretJwk })
      .setIssuer('127.0.0.1')
      .setSubject(device.kid)
      .setExpirationTime('5m')
      .sign(privateKey)
    await expect(verifyDeviceToken(leaky, HOSTS)).rejects.toMatchObject(rejection())
    const p384 = await generateKeyPair('ES384', { extractable: true })
    const wide = await new SignJWT({ jti: 'x' })
      .setProtectedHeader({ alg: 'ES384', kid: device.kid, jwk: await exportJWK(p384.publicKey) })
      .setIssuer('127.0.0.1')
      .setSubject(device.kid)
      .setExpirationTime('5m')
      .sign(p384.privateKey)
    await expect(verifyDeviceToken(wide, HOSTS)).rejects.toMatchObject(rejection())
    const noJti = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: device.kid, jwk: device.jwk })
      .setIssuer('127.0.0.1')
      .setSubject(device.kid)
      .setExpirationTime('5m')
      .sign(device.privateKey)
    await expect(verifyDeviceToken(noJti, HOSTS)).rejects.toMatchObject(rejection())
    await expect(verifyDeviceToken('x'.repeat(5000), HOSTS)).rejects.toMatchObject(rejection(/too long/))
    await expect(verifyDeviceToken(undefined, HOSTS)).rejects.toMatchObject({
      code: 400,
      data: { key: 'pos.error.deviceTokenRequired' }
    })
  })

  it('reads the host a request was made to, and adds the configured public ones', () => {
    expect(hostnameOf('Shop.Example.com:3030')).toBe('shop.example.com')
    expect(hostnameOf('[::1]:3030')).toBe('::1')
    expect(hostnameOf(undefined)).toBeUndefined()
    const hosts = tokenHosts({ publicHost: 'emporia.example', publicUrl: 'https://admin.emporia.example:8443/app' })
    expect(hosts({ host: '127.0.0.1:4000' })).toEqual(['127.0.0.1', 'emporia.example', 'admin.emporia.example'])
    expect(hosts(undefined)).toEqual(['emporia.example', 'admin.emporia.example'])
  })
})
