import { SignJWT, UnsecuredJWT, generateKeyPair, exportJWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostnameOf, keyIdOf, tokenHosts, verifyDeviceToken } from '../../../src/domains/pos/device-token'
import { client, setShop } from '../../support/catalogue-support'
import { deviceToken, makeDevice } from '../../support/cashiers-device'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const HOSTS = ['127.0.0.1']
/** The one answer every refusal gives (decision 0095): the same status, key, field and text whatever failed. */
const REFUSAL = {
  name: 'Forbidden',
  code: 403,
  className: 'forbidden',
  message: 'The device token is not valid',
  data: { key: 'pos.error.deviceToken', field: 'deviceToken' }
}
/** A refusal as the server sees it: the one answer outside, the real reason (`why`) kept for its log only. */
const rejection = (why?: RegExp) => ({ ...REFUSAL, ...(why ? { reason: expect.stringMatching(why) } : {}) })

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
    // What is sent out says nothing of which check failed: the reason is not in the answer.
    const refused = (await verifyDeviceToken('x'.repeat(5000), HOSTS).catch((error: { toJSON(): unknown }) => error)) as {
      toJSON(): unknown
    }
    expect(refused.toJSON()).toEqual(REFUSAL)
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

/** Over the API, every way a binding's token fails gives the very same answer (decision 0095, issue 28). */
describe.each(await dialects())('device token refusals (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const posShop = async (name: string) => {
    const owner = await shopOwner(t.url, name)
    await setShop(t, owner.shopId, { attributes: { pos: true } })
    return client(t, owner)
  }

  it('answers expired, forged, foreign, wrong-station, other-shop and replayed tokens alike', async () => {
    const api = await posShop('Refusals')
    const elsewhere = await posShop('Refusals elsewhere')
    const device = await makeDevice()
    const stranger = await makeDevice()
    const station = (await api.made('shop/cashiers', { id: 'R1', name: 'Till' })) as { _id: string }
    const other = (await elsewhere.made('shop/cashiers', { id: 'R1', name: 'Till' })) as { _id: string }
    const bind = (token: string, as = api, cashier = station._id) =>
      as.patch(`shop/cashiers/${cashier}`, { deviceId: device.kid, deviceToken: token })
    // A token spent by a binding in another shop: spent everywhere.
    const spent = await deviceToken(device)
    expect((await bind(spent, elsewhere, other._id)).status).toBe(200)
    const failures = {
      expired: await deviceToken(device, { expiresIn: -120 }),
      tooLongLived: await deviceToken(device, { expiresIn: 3600 }),
      wrongKeyId: await deviceToken(device, { kid: stranger.kid }),
      wrongSubject: await deviceToken(device, { sub: stranger.kid }),
      wrongHost: await deviceToken(device, { iss: 'evil.example.com' }),
      badSignature: await deviceToken(device, { signer: stranger.privateKey }),
      malformed: 'not.a.token',
      tooLong: 'x'.repeat(5000),
      // A valid token, but of another device than the station is being bound to.
      otherDevice: await deviceToken(stranger),
      spentInAnotherShop: spent
    }
    const answers: Record<string, unknown> = {}
    for (const [why, token] of Object.entries(failures)) answers[why] = await bind(token)
    for (const answer of Object.values(answers)) expect(answer).toEqual({ status: 403, body: REFUSAL })
    expect(((await api.get(`shop/cashiers/${station._id}`)).body as { deviceId?: string }).deviceId).toBeUndefined()
  })
})
