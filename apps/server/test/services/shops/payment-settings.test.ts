import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatOrderId } from '@emporia/shared'
import { readShopSecret } from '../../../src/platform/secrets/shop-secrets'
import { enterWall } from '../../../src/platform/tenancy'
import { memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { eventHeard } from '../../support/waits'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Body = Record<string, unknown>

const SECRET = 'sk_test_51SecretValueThatMustNeverComeBack'
const WEBHOOK = 'whsec_SigningSecretThatMustNeverComeBack'
const card = (extra: Body = {}) => ({ provider: 'stripe', enabled: false, publicKey: 'pk_test_public', ...extra })

/** Checkout settings of the shop (spec §3.1, §5.4; decision 0079): rules on every write, write-only secrets. */
describe.each(await dialects())('shop checkout settings (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Checkout')
  })
  afterAll(() => t.close())

  const shopApi = (who: { token: string }) => ({
    get: (id: string, query = '') => json(`${t.url}/api/shops/${id}${query}`, { token: who.token }),
    find: (query = '') => json(`${t.url}/api/shops${query}`, { token: who.token }),
    patch: (id: string, body: unknown) =>
      json(`${t.url}/api/shops/${id}`, { method: 'PATCH', token: who.token, body: JSON.stringify(body) })
  })
  const refused = (field: string, key: string) => ({ status: 400, body: { data: { field, key } } })
  /** Every text of a response, to look for a secret wherever it might hide. */
  const leaks = (value: unknown) => JSON.stringify(value).includes('MustNeverComeBack')

  it('refuses rounding settings that break the §5.4 rules, by patch and by $set, and keeps what was there', async () => {
    const api = shopApi(owner)
    const id = owner.shopId
    expect(await api.patch(id, { subtotalRoundingFactor: 10 })).toMatchObject({
      ...refused('roundingFactor', 'rounding.totalFactorRequired'),
      body: { message: 'You must set Total Rounding Factor too' }
    })
    expect(await api.patch(id, { $set: { subtotalRoundingFactor: 10 } })).toMatchObject(
      refused('roundingFactor', 'rounding.totalFactorRequired')
    )
    expect(await api.patch(id, { subtotalRoundingFactor: 50, roundingFactor: 10 })).toMatchObject(
      refused('roundingFactor', 'rounding.totalBelowSubtotal')
    )
    expect(await api.patch(id, { $set: { subtotalRoundingFactor: 20, roundingFactor: 50 } })).toMatchObject(
      refused('roundingFactor', 'rounding.notDivisible')
    )
    const saved = await api.patch(id, { subtotalRoundingFactor: 10, subtotalRoundingMode: 'roundDown', roundingFactor: 100 })
    expect(saved).toMatchObject({
      status: 200,
      body: { subtotalRoundingFactor: 10, roundingFactor: 100, subtotalRoundingMode: 'roundDown' }
    })
    // Taking the total factor away alone breaks the first rule, by every way of writing.
    expect(await api.patch(id, { roundingFactor: null })).toMatchObject(refused('roundingFactor', 'rounding.totalFactorRequired'))
    expect(await api.patch(id, { $unset: { roundingFactor: '' } })).toMatchObject(
      refused('roundingFactor', 'rounding.totalFactorRequired')
    )
    expect(await api.patch(id, { roundingFactor: 25 })).toMatchObject(refused('roundingFactor', 'rounding.notDivisible'))
    expect((await api.get(id)).body).toMatchObject({ subtotalRoundingFactor: 10, roundingFactor: 100 })
    // Factors are whole cents in range; modes one of three.
    expect(await api.patch(id, { roundingFactor: 0.5 })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'roundingFactor', key: 'format.integer' }] }
    })
    expect(await api.patch(id, { roundingMode: 'bankers' })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'roundingMode' }] }
    })
    expect((await api.patch(id, { subtotalRoundingFactor: null, roundingFactor: null })).status).toBe(200)
  })

  it('checks order numbers, the time zone, payment method names and the statement descriptor', async () => {
    const api = shopApi(owner)
    const id = owner.shopId
    expect(await api.patch(id, { orderIdList: { type: 'daily', dateFormat: 'YYMM' } })).toMatchObject(
      refused('orderIdList.dateFormat', 'orderId.dateNeeded')
    )
    expect(await api.patch(id, { orderIdList: { prefix: 'HK 01' } })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'orderIdList.prefix', key: 'format.invalid' }] }
    })
    expect(await api.patch(id, { timeZone: 'Asia/Atlantis' })).toMatchObject(refused('timeZone', 'settings.timeZone'))
    expect((await api.patch(id, { timeZone: 'UTC' })).body).toMatchObject({ timeZone: 'UTC' })
    const methods = [{ name: 'Octopus' }, { name: 'AlipayHK' }]
    expect((await api.patch(id, { posExtraPaymentMethods: methods })).status).toBe(200)
    expect(await api.patch(id, { posExtraPaymentMethods: [...methods, { name: 'octopus ' }] })).toMatchObject(
      refused('posExtraPaymentMethods.2.name', 'payment.duplicateMethod')
    )
    expect(await api.patch(id, { $push: { posExtraPaymentMethods: { name: 'OCTOPUS' } } })).toMatchObject(
      refused('posExtraPaymentMethods.2.name', 'payment.duplicateMethod')
    )
    expect((await api.get(id)).body?.posExtraPaymentMethods).toEqual(methods)
    expect(await api.patch(id, { cardPayment: card({ statementDescriptor: '<SHOP>' }) })).toMatchObject(
      refused('cardPayment.statementDescriptor', 'payment.statementDescriptor')
    )
    const bank = { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Emporia Ltd', no: '123-456789-001', enabled: true }] }
    expect((await api.patch(id, { bankTransfer: bank, invoiceType: 'long' })).body).toMatchObject({
      bankTransfer: bank,
      invoiceType: 'long'
    })
    expect(await api.patch(id, { invoiceType: 'short' })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'invoiceType' }] }
    })
  })

  it('answers the next order id in the shop time zone, and keeps the counter its own', async () => {
    const { shopId, token } = await shopOwner(t.url, 'Numbers')
    const api = shopApi({ token })
    const list = { prefix: 'HK-', startNum: 100, padding: 4, type: 'daily', dateFormat: 'YYYYMMDD' }
    const saved = await api.patch(shopId, { timeZone: 'Asia/Hong_Kong', orderIdList: { ...list, current: 5000, preview: 'X' } })
    expect(saved.status).toBe(200)
    const preview = (saved.body?.orderIdList as Body).preview as string
    // The client's counter and preview are not taken; the preview is the first id of today in Hong Kong.
    expect((saved.body?.orderIdList as Body).current).toBeUndefined()
    expect([0, 60_000].map((ms) => formatOrderId(list as never, 100, new Date(Date.now() - ms), 'Asia/Hong_Kong'))).toContain(
      preview
    )
    expect(preview).toMatch(/^HK-\d{8}0100$/)
    const stored = await t.db.knex('shops').where({ _id: shopId }).first('orderIdList')
    expect(stored.orderIdList).toEqual(list)
    // The counter the order service keeps stays through the merchant's edits.
    await t.db
      .knex('shops')
      .where({ _id: shopId })
      .update({ orderIdList: JSON.stringify({ ...list, current: 140 }) })
    const edited = await api.patch(shopId, { orderIdList: { ...list, prefix: 'KL-', current: 1 } })
    expect(edited.body?.orderIdList).toMatchObject({ prefix: 'KL-', current: 140 })
    expect(((edited.body?.orderIdList as Body).preview as string).endsWith('0141')).toBe(true)
    expect(await api.patch(shopId, { $unset: { 'orderIdList.current': '' } })).toMatchObject({
      status: 400,
      body: { data: { field: 'orderIdList.current' } }
    })
  })

  it('keeps card secrets write-only: stored apart, never answered by get, find, $select, socket events or exports', async () => {
    const { shopId, token } = await shopOwner(t.url, 'Card shop')
    const api = shopApi({ token })
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
      const heard = eventHeard(socket, 'shops patched')
      const saved = await api.patch(shopId, { cardPayment: card({ enabled: true, secretKey: SECRET, webhookSecret: WEBHOOK }) })
      expect(saved).toMatchObject({
        status: 200,
        body: {
          cardPayment: {
            provider: 'stripe',
            enabled: true,
            publicKey: 'pk_test_public',
            hasSecretKey: true,
            hasWebhookSecret: true
          }
        }
      })
      const event = await heard
      expect(event).toMatchObject({ _id: shopId, cardPayment: { hasSecretKey: true } })
      for (const answer of [
        saved.body,
        event,
        (await api.get(shopId)).body,
        (await api.get(shopId, '?$select[]=cardPayment')).body,
        (await api.find()).body,
        await call(socket, 'get', 'shops', shopId),
        await call(socket, 'find', 'shops', {})
      ])
        expect(leaks(answer)).toBe(false)
      // Not in the shop row at all: in shopSecrets, which readShopSecret reads for the payment service.
      const row = await t.db.knex('shops').where({ _id: shopId }).first()
      expect(leaks(row)).toBe(false)
      expect(await readShopSecret(t.db.knex, shopId, 'stripeSecretKey')).toBe(SECRET)
      expect(await readShopSecret(t.db.knex, shopId, 'stripeWebhookSecret')).toBe(WEBHOOK)
      expect(await readShopSecret(t.db.knex, owner.shopId, 'stripeSecretKey')).toBeNull()

      const exported = await fetch(`${t.url}/api/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          path: 'shops',
          format: 'csv',
          locale: 'en',
          query: {},
          columns: [
            { field: 'cardPayment.secretKey', header: 'secret' },
            { field: 'cardPayment.webhookSecret', header: 'webhook' },
            { field: 'cardPayment.hasSecretKey', header: 'has', kind: 'boolean' }
          ]
        })
      })
      expect(exported.status).toBe(200)
      const text = await exported.text()
      expect(text).toContain('Yes')
      expect(text).not.toContain('MustNeverComeBack')
    } finally {
      socket.disconnect()
    }
  })

  it('keeps a secret through edits that do not name it, replaces it when typed, removes it with null', async () => {
    const { shopId, token } = await shopOwner(t.url, 'Rotate')
    const api = shopApi({ token })
    await api.patch(shopId, { cardPayment: card({ secretKey: SECRET }) })
    // The screen sends the card settings without the secret the merchant did not retype.
    const edited = await api.patch(shopId, { cardPayment: card({ statementDescriptor: 'EMPORIA ROTATE', hasSecretKey: false }) })
    expect(edited.body?.cardPayment).toMatchObject({
      hasSecretKey: true,
      hasWebhookSecret: false,
      statementDescriptor: 'EMPORIA ROTATE'
    })
    await api.patch(shopId, { $set: { cardPayment: card({ secretKey: 'sk_test_rotated' }) } })
    expect(await readShopSecret(t.db.knex, shopId, 'stripeSecretKey')).toBe('sk_test_rotated')
    const removed = await api.patch(shopId, { cardPayment: card({ secretKey: null }) })
    expect(removed.body?.cardPayment).toMatchObject({ hasSecretKey: false })
    expect(await readShopSecret(t.db.knex, shopId, 'stripeSecretKey')).toBeNull()
    // A malformed key is refused on its field, and nothing of the write stays.
    expect(await api.patch(shopId, { cardPayment: card({ secretKey: 'not-a-key', publicKey: 'pk_test_other' }) })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'cardPayment.secretKey', key: 'format.invalid' }] }
    })
    // Enabled card payments need their keys; the refused write leaves no secret behind either.
    expect(
      await api.patch(shopId, { cardPayment: card({ enabled: true, publicKey: undefined, secretKey: SECRET }) })
    ).toMatchObject(refused('cardPayment.publicKey', 'payment.cardKeysNeeded'))
    expect(await readShopSecret(t.db.knex, shopId, 'stripeSecretKey')).toBeNull()
    expect(await api.patch(shopId, { cardPayment: card({ enabled: true }) })).toMatchObject(
      refused('cardPayment.secretKey', 'payment.cardKeysNeeded')
    )
    expect(await api.patch(shopId, { $unset: { 'cardPayment.hasSecretKey': '' } })).toMatchObject({ status: 400 })
    // Card settings removed whole take their secrets with them.
    await api.patch(shopId, { cardPayment: card({ secretKey: SECRET, webhookSecret: WEBHOOK }) })
    expect((await api.patch(shopId, { $unset: { cardPayment: '' } })).status).toBe(200)
    expect(await readShopSecret(t.db.knex, shopId, 'stripeSecretKey')).toBeNull()
    expect(await readShopSecret(t.db.knex, shopId, 'stripeWebhookSecret')).toBeNull()
  })

  it('takes secrets in a new shop too, without storing them in its row', async () => {
    const created = await json(`${t.url}/api/shops`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({
        name: 'New card shop',
        subdomain: `n${Date.now().toString(36)}`,
        cardPayment: card({ secretKey: SECRET })
      })
    })
    expect(created).toMatchObject({ status: 201, body: { cardPayment: { hasSecretKey: true, hasWebhookSecret: false } } })
    expect(leaks(created.body)).toBe(false)
    const id = (created.body as { _id: string })._id
    expect(leaks(await t.db.knex('shops').where({ _id: id }).first())).toBe(false)
    expect(await readShopSecret(t.db.knex, id, 'stripeSecretKey')).toBe(SECRET)
  })

  it('lets only the shop admins set card secrets or any checkout setting', async () => {
    for (const role of ['user', 'pos'] as const) {
      const staff = await memberOf(t, owner, role)
      const patched = await shopApi(staff).patch(owner.shopId, { cardPayment: card({ secretKey: 'sk_test_staff' }) })
      expect(patched.status).toBe(403)
      expect(await readShopSecret(t.db.knex, owner.shopId, 'stripeSecretKey')).toBeNull()
      expect((await shopApi(staff).patch(owner.shopId, { roundingFactor: 10 })).status).toBe(403)
      // Staff read the shop (bank accounts and public key are for customers) but never a secret.
      expect((await shopApi(staff).get(owner.shopId)).status).toBe(200)
    }
    const other = await shopOwner(t.url, 'Stranger')
    expect((await shopApi(other).patch(owner.shopId, { cardPayment: card({ secretKey: 'sk_test_stranger' }) })).status).toBe(403)
    const admin = await memberOf(t, owner, 'admin')
    expect((await shopApi(admin).patch(owner.shopId, { cardPayment: card({ secretKey: 'sk_test_admin' }) })).status).toBe(200)
    expect(await readShopSecret(t.db.knex, owner.shopId, 'stripeSecretKey')).toBe('sk_test_admin')
  })

  // PGlite has no second wall by design (decision 0020).
  it.runIf(dialect === 'postgres')('keeps a shop secret behind the row-security wall of its shop', async () => {
    const { shopId, token } = await shopOwner(t.url, 'Walled')
    await shopApi({ token }).patch(shopId, { cardPayment: card({ secretKey: SECRET }) })
    expect(await enterWall(t.db.knex, shopId, (trx) => readShopSecret(trx, shopId, 'stripeSecretKey'))).toBe(SECRET)
    expect(await enterWall(t.db.knex, owner.shopId, (trx) => readShopSecret(trx, shopId, 'stripeSecretKey'))).toBeNull()
  })
})
