import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createApp } from '../../../src/app'
import { runBillingSweep, type BillingSweepOptions } from '../../../src/domains/billing/billing-sweep'
import { applyEntitlement } from '../../../src/domains/billing/entitlement'
import type { Clock } from '../../../src/platform/http/service-context'
import { shopOwner } from '../../support/accounts'
import { client } from '../../support/catalogue-support'
import { call, connect, json } from '../../support/clients'
import { eventHeard } from '../../support/waits'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const DAY = 86_400_000
const TEN_OFF = { name: { en: 'Ten off' }, type: 'percentage', status: 'valid', avail: 'both', percentageDiscount: 10 }

/** A clock the test moves: days from the real now. */
class MovedClock implements Clock {
  private offset = 0
  now() {
    return new Date(Date.now() + this.offset)
  }
  at(days: number) {
    this.offset = days * DAY
  }
}

describe.each(await dialects())('billing sweep (%s)', (dialect) => {
  let t: TestApp
  const clock = new MovedClock()
  const sweep = (options?: BillingSweepOptions) => runBillingSweep(t.context, t.app, options)
  const subscription = (shop: string) => t.db.knex('shopSubscriptions').where({ shop }).first()
  const mails = (to: string) =>
    t.db.knex('mailOutbox').where({ to }).whereIn('type', ['trialEnding', 'planEnding']).orderBy('createdAt')

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock })
  })
  afterAll(() => t.close())

  it('takes a new shop from its trial through grace to lapse, reminding its admins once each, losing nothing', async () => {
    clock.at(0)
    const owner = await shopOwner(t.url, 'Trial shop')
    const api = client(t, owner)
    // Within the trial a new merchant creates a discount at once, no SQL.
    expect((await api.create('discounts', TEN_OFF)).status).toBe(201)

    clock.at(8)
    expect((await sweep()).reminded).toBeGreaterThanOrEqual(1)
    await sweep()
    clock.at(13.5)
    await sweep()
    await sweep()
    expect((await mails(owner.email)).map((mail: { type: string }) => mail.type)).toEqual(['trialEnding', 'trialEnding'])

    clock.at(15)
    await sweep()
    expect(await subscription(owner.shopId)).toMatchObject({ state: 'grace' })
    const inGrace = (await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })).body
    expect(inGrace).toMatchObject({ billingState: 'grace', attributes: { discount: true, pos: true } })
    expect((await api.create('discounts', TEN_OFF)).status).toBe(201)

    // The merchant's open screen hears the lapse at once (the shop's patched event, every process's directory drops it).
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const heard = eventHeard<{ _id: string; billingState?: string; attributes?: object }>(
      socket,
      'shops patched',
      (shop) => shop._id === owner.shopId && shop.billingState === 'lapsed'
    )
    clock.at(15 + t.context.config.billingGraceDays + 0.1)
    await sweep()
    expect(await heard).toMatchObject({ attributes: {} })
    expect(await subscription(owner.shopId)).toMatchObject({ state: 'lapsed' })
    expect(await api.create('discounts', TEN_OFF)).toMatchObject({ status: 403, body: { data: { key: 'errors.featureOff' } } })
    // Nothing lost: what the shop made reads on.
    const listed = await api.get('discounts')
    expect(listed.status).toBe(200)
    expect(listed.body?.total).toBe(2)
    expect(await t.db.knex('shops').where({ _id: owner.shopId }).first('attributes', 'billingState', 'graceEnd')).toEqual({
      attributes: {},
      billingState: 'lapsed',
      graceEnd: null
    })
    // Another sweep finds nothing more to do.
    clock.at(60)
    expect(await sweep()).toMatchObject({ grace: 0, lapsed: 0 })
  })

  it('renews a due contract through the card, and moves what was not renewed to grace with its downgrade', async () => {
    clock.at(0)
    const paid = await shopOwner(t.url, 'Renews')
    const declined = await shopOwner(t.url, 'Declined')
    const manual = await shopOwner(t.url, 'Manual')
    const end = new Date(Date.now() + 30 * DAY).toISOString()
    const contract = { state: 'active', plan: 'pro', start: new Date().toISOString(), end, hadContract: true }
    await t.db
      .knex('shopSubscriptions')
      .whereIn('shop', [paid.shopId, declined.shopId])
      .update({
        ...contract,
        autoRenew: true,
        providerCustomer: 'cus_test',
        providerPaymentMethod: 'pm_test'
      })
    await t.db
      .knex('shopSubscriptions')
      .where({ shop: manual.shopId })
      .update({ ...contract, autoRenew: false, pendingPlan: 'basic' })
    for (const shop of [paid.shopId, declined.shopId, manual.shopId])
      await t.db.knex.transaction((trx) => applyEntitlement(trx, shop))

    // Only the contract that will not renew by itself is reminded.
    clock.at(25)
    await sweep()
    expect(await mails(manual.email)).toEqual([expect.objectContaining({ type: 'planEnding' })])
    expect(await mails(paid.email)).toEqual([])

    clock.at(31)
    const renewed: string[] = []
    const renew = async (shop: string) => {
      renewed.push(shop)
      if (shop === declined.shopId) {
        await t.db.knex('shopSubscriptions').where({ shop }).update({ lastFailure: 'payment.provider.card_declined' })
        return 'failed' as const
      }
      const next = new Date(Date.parse(end) + 365 * DAY).toISOString()
      await t.db
        .knex('shopSubscriptions')
        .where({ shop })
        .update({ end: next, nextBill: next, renewAt: clock.now().toISOString() })
      return 'paid' as const
    }
    await sweep({ renew })
    expect(renewed.sort()).toEqual([paid.shopId, declined.shopId].sort())
    expect(await subscription(paid.shopId)).toMatchObject({ state: 'active' })
    expect(await subscription(declined.shopId)).toMatchObject({ state: 'grace', lastFailure: 'payment.provider.card_declined' })
    expect(await subscription(manual.shopId)).toMatchObject({ state: 'grace', plan: 'basic', pendingPlan: null })
    const manualShop = await t.db.knex('shops').where({ _id: manual.shopId }).first('attributes', 'contract')
    expect(manualShop).toEqual({ attributes: { discount: true, promotion: true, pageEditor: true }, contract: 'basic' })
  })

  it('sends each reminder once when two processes sweep at the same time', async () => {
    clock.at(0)
    const owner = await shopOwner(t.url, 'Twice')
    const second = await createApp(t.context.config, { db: t.db, clock, billingSweep: false })
    await second.app.setup()
    try {
      clock.at(8)
      await Promise.all([
        sweep(),
        runBillingSweep(second.context, second.app),
        sweep(),
        runBillingSweep(second.context, second.app)
      ])
      clock.at(13.5)
      await Promise.all([sweep(), runBillingSweep(second.context, second.app)])
      expect((await mails(owner.email)).map((mail: { type: string }) => mail.type)).toEqual(['trialEnding', 'trialEnding'])
    } finally {
      await second.close()
    }
  })
})
