import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { planFeatures, type Subscription } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { client, memberOf } from '../../support/catalogue-support'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { info } from '../../support/billing-support'
import { startTestApp, type TestApp } from '../../support/test-app'

/** A valid discount rule: creating one needs the paid `discount` feature. */
const TEN_OFF = { name: { en: 'Ten off' }, type: 'percentage', status: 'valid', avail: 'both', percentageDiscount: 10 }

// What billing alone writes on a shop (decision 0129).
const SERVER_OWNED = ['attributes', 'plan', 'billingState', 'graceEnd', 'validUtil', 'contract', 'contractEnd'] as const

describe.each(await dialects())('billing (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  it('answers a new shop its trial of the top plan with every feature; the admin changes billing info and auto-renew only', async () => {
    const owner = await shopOwner(t.url, 'Trial')
    const shop = client(t, owner)
    const found = await shop.get('billing')
    expect(found.status).toBe(200)
    const [subscription] = found.body as unknown as Subscription[]
    expect(subscription).toMatchObject({
      shop: owner.shopId,
      state: 'trial',
      plan: 'business',
      autoRenew: true,
      billingInfo: null
    })
    expect([...subscription.features].sort()).toEqual([...planFeatures].sort())
    expect(Object.keys(subscription)).not.toContain('providerPaymentMethod')

    const patched = await json(`${t.url}/api/billing/${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ billingInfo: info, autoRenew: false })
    })
    expect(patched).toMatchObject({ status: 200, body: { billingInfo: info, autoRenew: false, state: 'trial' } })
    for (const [field, value] of Object.entries({
      plan: 'basic',
      state: 'active',
      trialEnd: '2099-01-01T00:00:00Z',
      card: null
    })) {
      const refused = await shop.patch(`billing/${owner.shopId}`, { [field]: value })
      expect(refused).toMatchObject({ status: 400, body: { errors: [{ field, key: 'format.unknownField' }] } })
    }
    expect(await shop.patch(`billing/${owner.shopId}`, { billingInfo: { ...info, country: 'hk' } })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'billingInfo.country' }] }
    })
    expect(await t.db.knex('shopSubscriptions').where({ shop: owner.shopId }).first('plan', 'state', 'autoRenew')).toEqual({
      plan: 'business',
      state: 'trial',
      autoRenew: false
    })
  })

  it('keeps billing from staff, pos and other shops', async () => {
    const owner = await shopOwner(t.url, 'Private')
    const stranger = await shopOwner(t.url, 'Stranger')
    for (const role of ['user', 'pos'] as const) {
      const member = await memberOf(t, owner, role)
      expect(await client(t, member).get('billing')).toMatchObject({
        status: 403,
        body: { data: { key: 'errors.noPermission' } }
      })
    }
    expect(await client(t, { token: stranger.token, shopId: owner.shopId }).get('billing')).toMatchObject({ status: 403 })
    expect(
      await json(`${t.url}/api/billing/${owner.shopId}?shop=${stranger.shopId}`, {
        method: 'PATCH',
        token: stranger.token,
        body: JSON.stringify({ autoRenew: false })
      })
    ).toMatchObject({ status: 404 })
  })

  it('never lets a shop write its own entitlement: plain, $set, $unset, many at once, or over the socket', async () => {
    const owner = await shopOwner(t.url, 'Doors')
    const before = await t.db
      .knex('shops')
      .where({ _id: owner.shopId })
      .first(...SERVER_OWNED)
    const forged = {
      attributes: { app: true },
      plan: 'forged',
      billingState: 'active',
      graceEnd: '2099-01-01T00:00:00.000Z',
      validUtil: '2099-01-01T00:00:00.000Z',
      contract: 'forged',
      contractEnd: '2099-01-01T00:00:00.000Z'
    }
    const patch = (path: string, body: unknown) =>
      json(`${t.url}/api/${path}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
    const answers = [
      await patch(`shops/${owner.shopId}`, forged),
      await patch(`shops/${owner.shopId}`, { $set: forged }),
      await patch(`shops/${owner.shopId}`, { $unset: Object.fromEntries(SERVER_OWNED.map((field) => [field, ''])) }),
      await patch(`shops?_id=${owner.shopId}`, forged),
      await patch(`shops/${owner.shopId}`, { $set: { 'attributes.app': true } })
    ]
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const overSocket = await call(socket, 'patch', 'shops', owner.shopId, forged).then(
      () => 'answered',
      (error: { code?: number }) => error.code
    )
    // Each door is refused or ignored: nothing stored changed.
    for (const answer of answers) expect([200, 400, 403, 405]).toContain(answer.status)
    expect(['answered', 400, 403, 405]).toContain(overSocket)
    expect(
      await t.db
        .knex('shops')
        .where({ _id: owner.shopId })
        .first(...SERVER_OWNED)
    ).toEqual(before)
  })
})

describe.each(await dialects())('BILLING=off (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { billing: false } })
  })
  afterAll(() => t.close())

  it('answers every feature on and the state off, and changes nothing stored', async () => {
    const owner = await shopOwner(t.url, 'Self-hosted')
    // Stored as a lapsed shop: the self-hosted answer ignores it.
    await t.db.knex('shopSubscriptions').where({ shop: owner.shopId }).update({ state: 'lapsed' })
    await t.db.knex('shops').where({ _id: owner.shopId }).update({ attributes: '{}', billingState: 'lapsed' })
    t.app.service('shops').emit('patched', { _id: owner.shopId })
    const shop = await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })
    expect(shop.body).toMatchObject({ billingState: 'off', attributes: Object.fromEntries(planFeatures.map((f) => [f, true])) })
    expect((await json(`${t.url}/api/features`)).body).toMatchObject({ billing: false })
    const [subscription] = (await client(t, owner).get('billing')).body as unknown as Subscription[]
    expect(subscription).toMatchObject({ state: 'off' })
    expect(subscription.features).toHaveLength(planFeatures.length)
    // Paid features work: a discount is created on a shop whose stored plan lapsed.
    expect((await client(t, owner).create('discounts', TEN_OFF)).status).toBe(201)
    expect(await t.db.knex('shops').where({ _id: owner.shopId }).first('billingState')).toEqual({ billingState: 'lapsed' })
  })
})
