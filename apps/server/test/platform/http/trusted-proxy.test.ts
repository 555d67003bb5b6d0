import { io } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, shopOwner } from '../../support/accounts'
import { call as socketCall } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { setShop } from '../../support/order-api'
import { parseTrustProxy } from '../../../src/platform/http/client-address'
import { COMMERCE_LIMITS } from '../../../src/domains/storefront/commerce/rate-limit'

type Owner = Awaited<ReturnType<typeof shopOwner>>

const LIMITS = { account: 3, address: 5 }
const ATTACKER = '203.0.113.9'
const VISITOR = '198.51.100.7'
const from = (address: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': address, ...extra })
const randomEmail = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`
let keys = 0
const newKey = () => `proxy-key-${Date.now()}-${keys++}-abcdef`

/**
 * Issue 28 item 3: behind the documented proxy (Caddy on 127.0.0.1, docs/domains-tls.md) every
 * request reaches us from 127.0.0.1. With TRUST_PROXY naming that proxy, each visitor is their own
 * X-Forwarded-For address: one visitor's failed logins or bad checkouts lock out nobody else, and the
 * customer cookie is Secure when the visitor came over https. Without TRUST_PROXY the headers are
 * anyone's words and count for nothing (decision 0119).
 */
describe.each(await dialects())('client address behind a proxy (%s)', (dialect) => {
  let proxied: TestApp
  let direct: TestApp
  let owner: Owner
  let base: string
  let directBase: string
  let tea: string

  const subdomainOf = async (t: TestApp, shop: string) =>
    `/s/${((await t.db.knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string }).subdomain}`
  const signOut = async (t: TestApp, path: string, headers: Record<string, string>) => {
    const response = await fetch(`${t.url}${path}/_commerce/account/sign-out`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{}'
    })
    expect(response.status).toBe(200)
    return response.headers.getSetCookie().find((line) => line.startsWith('emporia-customer=')) ?? ''
  }
  const checkout = (body: unknown, address: string) =>
    fetch(`${proxied.url}${base}/_commerce/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...from(address) },
      body: JSON.stringify(body)
    })
  // A shopper of their own each time: the shop's limit on one shopper's unpaid orders is not the subject here.
  const order = () => ({
    lines: [{ product: tea, quantity: 1 }],
    customer: { firstName: 'Mei', email: `mei-${keys}@example.com`, phone: `9123${String(keys).padStart(4, '0')}` },
    payment: 'cash',
    idempotencyKey: newKey()
  })

  beforeAll(async () => {
    proxied = await startTestApp(dialect, { config: { trustProxy: parseTrustProxy('127.0.0.1'), loginLimits: LIMITS } })
    direct = await startTestApp(dialect, { config: { loginLimits: LIMITS } })
    owner = await shopOwner(proxied.url, 'Proxied shop')
    base = await subdomainOf(proxied, owner.shopId)
    directBase = await subdomainOf(direct, (await shopOwner(direct.url, 'Direct shop')).shopId)
    await setShop(proxied, owner, { pickUp: { enabled: true } })
    tea = ((await call(proxied, owner, 'POST', 'products', { name: { en: 'Tea' }, price: 1250 })).body as { _id: string })._id
    const w = ((await proxied.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    await operate(proxied, owner, { mode: 'restock', warehouse: w, product: tea, delta: 100 })
  })
  afterAll(async () => {
    await proxied?.close()
    await direct?.close()
  })

  it('blocks the address that floods logins with random e-mails, and nobody else', async () => {
    for (let i = 0; i < LIMITS.address; i++)
      expect((await login(proxied.url, randomEmail(), 'wrong-password', from(ATTACKER))).status).toBe(401)
    const refused = await login(proxied.url, owner.email, 'secret-123', from(ATTACKER))
    expect(refused).toMatchObject({ status: 429, body: { data: { key: 'errors.tooManyAttempts' } } })
    // The shop's owner, elsewhere, signs in: the flood counted against the attacker's address only.
    expect((await login(proxied.url, owner.email, 'secret-123', from(VISITOR))).status).toBe(201)
    // A socket's handshake is resolved the same way.
    const viaSocket = async (address: string) => {
      const socket = io(proxied.url, {
        path: '/api/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: from(address)
      })
      try {
        await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject))
        return await socketCall(socket, 'create', 'authentication', {
          strategy: 'local',
          email: owner.email,
          password: 'secret-123'
        })
          .then(() => 201)
          .catch((error: { code: number }) => error.code)
      } finally {
        socket.close()
      }
    }
    expect(await viaSocket(ATTACKER)).toBe(429)
    expect(await viaSocket(VISITOR)).toBe(201)
  })

  it('ignores X-Forwarded-For from a peer it was not told to trust', async () => {
    for (let i = 0; i < LIMITS.address; i++)
      expect((await login(direct.url, randomEmail(), 'wrong-password', from(`192.0.2.${i + 1}`))).status).toBe(401)
    // A new forged address each time: still the one socket address, still refused.
    expect((await login(direct.url, randomEmail(), 'wrong-password', from('192.0.2.200'))).status).toBe(429)
  })

  it('marks the customer cookie Secure when the visitor came over https through the trusted proxy', async () => {
    expect((await signOut(proxied, base, from(VISITOR, { 'X-Forwarded-Proto': 'https' }))).toLowerCase()).toContain('; secure')
    expect((await signOut(proxied, base, from(VISITOR, { 'X-Forwarded-Proto': 'http' }))).toLowerCase()).not.toContain('; secure')
    // A client talking to us directly cannot claim https (and the cookie would then never come back).
    expect((await signOut(direct, directBase, { 'X-Forwarded-Proto': 'https' })).toLowerCase()).not.toContain('; secure')
  })

  it('throttles checkout per shop and client, after the body is read: empty checkouts spend nobody’s budget', async () => {
    for (let i = 0; i <= COMMERCE_LIMITS.checkout; i++) {
      const empty = await checkout({ lines: [] }, ATTACKER)
      expect(empty.status).toBe(400)
      expect(((await empty.json()) as { data: { key: string } }).data.key).toBe('storefront.cartEmpty')
    }
    // Not even the sender of the empty ones is held back by them.
    for (let i = 0; i < COMMERCE_LIMITS.checkout; i++) expect((await checkout(order(), ATTACKER)).status).toBe(201)
    const over = await checkout(order(), ATTACKER)
    expect(over.status).toBe(429)
    expect(((await over.json()) as { data: { key: string } }).data.key).toBe('storefront.tooManyRequests')
    // Another shopper of the same shop, through the same proxy, still checks out.
    expect((await checkout(order(), VISITOR)).status).toBe(201)
  })
})
