import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { json } from '../../support/clients'
import {
  startAlipayDouble,
  startTerminalDouble,
  startOctopusDouble,
  startWechatDouble,
  type AlipayDouble,
  type OctopusDouble,
  type TerminalDouble,
  type WechatDouble
} from '../../support/gateway-doubles'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { madeOrder, pay, setShop } from '../../support/order-api'
import { ALIPAY_LIVE, ALIPAY_SANDBOX, alipayGateway } from '../../../src/domains/payments/gateways/alipay-hk'
import { gatewayRefundId } from '../../../src/domains/payments/gateways/gateway'
import { gatewayProviders } from '../../../src/domains/payments/gateways/gateway-providers'
import { readCheckout } from '../../../src/domains/storefront/commerce/checkout-input'
import { placeOrder } from '../../../src/domains/storefront/commerce/place-order'
import { orderWallet } from '../../../src/domains/storefront/commerce/order-wallet'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Json = Record<string, unknown>

/**
 * The wallet (AlipayHK) and card terminal gateways (decisions 0199, 0200) through their real clients and
 * local doubles: keys write-only and sealed, notifications verified, a notification seen twice or late
 * pays once, one for other cents changes nothing.
 */
describe.each(await dialects())('payment gateways (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let w: string
  let alipay: AlipayDouble
  let terminal: TerminalDouble
  let wechat: WechatDouble
  let octopus: OctopusDouble
  beforeAll(async () => {
    octopus = await startOctopusDouble()
    alipay = await startAlipayDouble()
    terminal = await startTerminalDouble()
    wechat = await startWechatDouble()
    t = await startTestApp(dialect, {
      config: {
        publicUrl: 'https://emporia.example',
        gatewayBases: { alipayHk: alipay.url, terminal: terminal.url, wechatPayHk: wechat.url, octopus: octopus.url }
      }
    })
    a = await shopOwner(t.url, 'Gateways')
    w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
  })
  afterAll(async () => {
    await t.close()
    await alipay.close()
    await terminal.close()
    await wechat.close()
    await octopus.close()
  })

  const orderOf = async (price: number) => {
    const product = await makeProduct(t, a, { price })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 5 })
    return madeOrder(t, a, { products: [{ product, quantity: 1 }] })
  }
  const get = async (path: string) => (await call(t, a, 'GET', path)).body as Json & { status: string; amount?: number }
  const hook = (gateway: string) => `${t.url}/api/payments/webhooks/${gateway}/${a.shopId}`
  const shopPatch = (body: Json) =>
    json(`${t.url}/api/shops/${a.shopId}`, { method: 'PATCH', token: a.token, body: JSON.stringify(body) })

  it('keeps the keys write-only and sealed, and enables a gateway only with them', async () => {
    const refused = await shopPatch({ paymentGateways: { alipayHk: { enabled: true, staging: true, id: alipay.appId } } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ data: { key: 'payment.gatewayKeysNeeded' } })
    const shop = await setShop(t, a, {
      paymentGateways: {
        alipayHk: {
          enabled: true,
          staging: true,
          id: alipay.appId,
          key: alipay.merchant.privateKey,
          sign: alipay.alipay.publicKey
        },
        terminal: { enabled: true, staging: false, id: terminal.mid, key: terminal.key },
        wechatPayHk: { enabled: false, staging: true, id: 'wx-open-id' }
      }
    })
    const text = JSON.stringify(shop) + JSON.stringify((await json(`${t.url}/api/shops/${a.shopId}`, { token: a.token })).body)
    expect(text).not.toContain(terminal.key)
    expect(text).not.toContain('PRIVATE KEY')
    expect(shop.paymentGateways).toMatchObject({
      alipayHk: { hasKey: true, hasSign: true, staging: true },
      terminal: { hasKey: true, hasSign: false }
    })
    const stored = (await t.db.knex('shopSecrets').where({ shop: a.shopId }).select('name', 'value')) as Json[]
    expect(stored.map((row) => row.name).sort()).toEqual(['alipayHkKey', 'alipayHkSign', 'terminalKey'])
    for (const row of stored) expect(String(row.value)).toMatch(/^enc:v1:/)
    // A key its gateway does not take, and the flags, are not the client's to write.
    expect((await shopPatch({ paymentGateways: { octopus: { enabled: false, staging: false, sign: 'x' } } })).status).toBe(400)
    expect((await shopPatch({ $unset: { 'paymentGateways.terminal.hasKey': 1 } })).status).toBe(400)
  })

  it('points each gateway at its sandbox or live address by the staging flag', () => {
    expect(alipayGateway({ staging: true })).toBe(ALIPAY_SANDBOX)
    expect(alipayGateway({ staging: false })).toBe(ALIPAY_LIVE)
    expect(alipayGateway({ staging: false, domain: 'https://intlmapi.alipay.com/gateway.do' })).toBe(
      'https://intlmapi.alipay.com/gateway.do'
    )
    expect(alipayGateway({ staging: true }, alipay.url)).toBe(alipay.url)
  })

  it('takes a wallet payment by QR code, confirmed once by its signed notification', async () => {
    const order = await orderOf(12_345)
    const made = await pay(t, a, { order: order._id, method: 'mobileWallet', amount: 12_345 })
    expect(made.status).toBe(201)
    const payment = made.body as Json & { _id: string; tranID: string; clientSecret: string }
    expect(payment).toMatchObject({ status: 'pending', method: 'mobileWallet', tranID: payment._id })
    expect(payment.clientSecret).toBe(`https://qr.alipay.hk/${payment._id}`)
    expect(alipay.trades.get(payment._id)).toMatchObject({ totalAmount: '123.45', status: 'WAIT_BUYER_PAY' })
    // A merchant cannot say it was paid: only the gateway can.
    expect((await call(t, a, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(400)
    // Signed with another key: refused, nothing changes.
    const forged = alipay.notification(payment._id, {}, alipay.merchant.privateKey)
    expect((await alipay.post(hook('alipay-hk'), forged)).status).toBe(400)
    // Signed, but for other cents or another merchant: acknowledged, nothing changes.
    expect(await alipay.post(hook('alipay-hk'), alipay.notification(payment._id, { total_amount: '1.00' }))).toEqual({
      status: 200,
      body: 'success'
    })
    expect((await alipay.post(hook('alipay-hk'), alipay.notification(payment._id, { app_id: '2021999' }))).body).toBe('success')
    expect((await get(`payments/${payment._id}`)).status).toBe('pending')
    expect((await get(`orders/${order._id}`)).status).toBe('unpaid')
    // The real one, then the same again (Alipay resends until it reads `success`): paid once.
    const real = alipay.notification(payment._id)
    expect((await alipay.post(hook('alipay-hk'), real)).body).toBe('success')
    expect((await alipay.post(hook('alipay-hk'), real)).body).toBe('success')
    expect((await alipay.post(hook('alipay-hk'), alipay.notification(payment._id))).body).toBe('success')
    expect((await get(`payments/${payment._id}`)).status).toBe('paid')
    const paidOrder = await get(`orders/${order._id}`)
    expect(paidOrder).toMatchObject({ status: 'paid', amount: 12_345 })
    const paid = await t.db.knex('payments').where({ shop: a.shopId, order: order._id, status: 'paid' })
    expect(paid).toHaveLength(1)
  })

  it('takes a sale on the card terminal; a late or repeated answer never pays twice', async () => {
    const order = await orderOf(5_000)
    const first = (await pay(t, a, { order: order._id, method: 'terminal', amount: 5_000 })).body as Json & { _id: string }
    expect(first).toMatchObject({ status: 'pending', method: 'terminal' })
    expect(first.clientSecret ?? null).toBeNull()
    expect(terminal.sales.get(first._id)).toMatchObject({ amount: 5_000, currency: 'hkd', status: 'pending' })
    // An old signature (a replay) and a wrong key are refused.
    const old = terminal.notification(first._id, { status: 'approved' }, Math.floor(Date.now() / 1000) - 3600)
    expect(await terminal.post(hook('terminal'), old)).toBe(400)
    const wrong = terminal.notification(first._id, { status: 'approved' }, undefined, 'another-key')
    expect(await terminal.post(hook('terminal'), wrong)).toBe(400)
    // The merchant gives up on the terminal: the sale is withdrawn there too.
    expect((await call(t, a, 'PATCH', `payments/${first._id}`, { status: 'cancelled' })).status).toBe(200)
    expect(terminal.sales.get(first._id)?.status).toBe('canceled')
    // Paid again on a second sale; the first sale's late approval then changes nothing.
    const second = (await pay(t, a, { order: order._id, method: 'terminal', amount: 5_000 })).body as Json & { _id: string }
    expect(terminal.sales.get(second._id)?.notifyUrl).toBe(`https://emporia.example/api/payments/webhooks/terminal/${a.shopId}`)
    expect(await terminal.settle(second._id, 'approved', hook('terminal'))).toBe(200)
    expect(await terminal.post(hook('terminal'), terminal.notification(second._id))).toBe(200)
    expect(await terminal.post(hook('terminal'), terminal.notification(first._id, { status: 'approved' }))).toBe(200)
    expect((await get(`payments/${first._id}`)).status).toBe('cancelled')
    expect((await get(`payments/${second._id}`)).status).toBe('paid')
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'paid', amount: 5_000 })
    // An amount the sale was not opened for never confirms it.
    const other = await orderOf(7_000)
    const third = (await pay(t, a, { order: other._id, method: 'terminal', amount: 7_000 })).body as Json & { _id: string }
    expect(await terminal.post(hook('terminal'), terminal.notification(third._id, { status: 'approved', amount: 700 }))).toBe(200)
    expect((await get(`payments/${third._id}`)).status).toBe('pending')
  })

  it('takes the wallet at the storefront checkout: the order waits for it and its notification pays it', async () => {
    const commerce = { app: t.app, context: t.context }
    await setShop(t, a, { pickUp: { enabled: true, address: '1 Nathan Road' } })
    const product = await makeProduct(t, a, { price: 8_800 })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 5 })
    const placed = await placeOrder(
      commerce,
      a.shopId,
      readCheckout({
        lines: [{ product, quantity: 1 }],
        customer: { firstName: 'Ming', lastName: 'Lee', email: 'ming@example.com', phone: '+852 9876 5432' },
        payment: 'mobileWallet',
        idempotencyKey: 'wallet-checkout-0001'
      }),
      'en'
    )
    expect(placed.order.status).toBe('unpaid')
    const payment = (await t.db.knex('payments').where({ shop: a.shopId, order: placed.order._id }).first()) as Json & {
      _id: string
    }
    expect(payment).toMatchObject({ method: 'mobileWallet', status: 'pending', amount: 8_800 })
    expect(await orderWallet(commerce, a.shopId, placed.order._id)).toEqual({ code: `https://qr.alipay.hk/${payment._id}` })
    expect((await alipay.post(hook('alipay-hk'), alipay.notification(payment._id))).body).toBe('success')
    expect((await get(`orders/${placed.order._id}`)).status).toBe('paid')
    expect(await orderWallet(commerce, a.shopId, placed.order._id)).toBeUndefined()
  })

  const refund = (order: Json & { _id: string; orderId: string }, body: Json) =>
    call(t, a, 'POST', 'orders/refunds', { order: order._id, confirm: order.orderId, ...body })
  const refundsOf = (order: string) =>
    t.db.knex('payments').where({ shop: a.shopId, order, status: 'refunded' }).orderBy('_id') as Promise<
      (Json & { amount: number; tranID: string })[]
    >

  it('refunds a wallet payment through AlipayHK once per refund; a refusal books nothing', async () => {
    const order = (await orderOf(10_000)) as Json & { _id: string; orderId: string }
    const payment = (await pay(t, a, { order: order._id, method: 'mobileWallet', amount: 10_000 })).body as Json & { _id: string }
    expect((await alipay.pay(payment._id, hook('alipay-hk'))).body).toBe('success')
    const trade = alipay.trades.get(payment._id)!
    // Alipay refuses (the merchant's balance): a clear 400, nothing booked here, nothing given there.
    alipay.refuseRefunds = 'ACQ.SELLER_BALANCE_NOT_ENOUGH'
    const refused = await refund(order, { amount: 4_000, idempotencyKey: 'wallet-refund-0001' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ data: { key: 'refund.gatewayRefused', field: 'amount' } })
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'paid', amount: 10_000 })
    expect(await refundsOf(order._id)).toHaveLength(0)
    expect(trade.refunds.size).toBe(0)
    // Accepted: the refund's number is derived from its key, and the same request again refunds once.
    alipay.refuseRefunds = null
    const made = await refund(order, { amount: 4_000, idempotencyKey: 'wallet-refund-0001' })
    expect(made.status).toBe(201)
    const again = await refund(order, { amount: 4_000, idempotencyKey: 'wallet-refund-0001' })
    expect(again.status).toBe(201)
    const booked = await refundsOf(order._id)
    expect(booked).toMatchObject([{ amount: -4_000, method: 'mobileWallet', refundOf: payment._id }])
    const number = gatewayRefundId(a.shopId, 'wallet-refund-0001:0')
    expect(booked[0].tranID).toBe(number)
    expect([...trade.refunds]).toEqual([[number, '40.00']])
    // An answer lost after Alipay refunded: the retry under the same number is Alipay's same refund.
    const gateway = (await gatewayProviders(t.context, a.shopId)('mobileWallet'))!
    expect(await gateway.refund({ reference: payment._id, refundId: number, amount: 4_000, currency: 'hkd' })).toEqual({
      id: number,
      amount: 4_000
    })
    expect(trade.refunds.size).toBe(1)
    // The rest, without a key: the order is refunded and Alipay has given all of it back.
    expect((await refund(order, {})).status).toBe(201)
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'refunded', amount: 0 })
    expect([...trade.refunds.values()].sort()).toEqual(['40.00', '60.00'])
  })

  it('refunds a terminal sale through its signed API; over what the terminal has left is refused', async () => {
    const order = (await orderOf(5_000)) as Json & { _id: string; orderId: string }
    const sale = (await pay(t, a, { order: order._id, method: 'terminal', amount: 5_000 })).body as Json & { _id: string }
    expect(await terminal.settle(sale._id, 'approved', hook('terminal'))).toBe(200)
    // Someone already gave HK$30 back at the terminal's portal: the terminal refuses a whole refund.
    terminal.sales.get(sale._id)!.refunds = new Map([['portal-refund', 3_000]])
    const refused = await refund(order, { idempotencyKey: 'terminal-refund-0001' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ data: { key: 'refund.gatewayRefused', reason: 'amount_too_large' } })
    expect(await refundsOf(order._id)).toHaveLength(0)
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'paid', amount: 5_000 })
    const made = await refund(order, { amount: 2_000, idempotencyKey: 'terminal-refund-0002' })
    expect(made.status).toBe(201)
    expect((await refund(order, { amount: 2_000, idempotencyKey: 'terminal-refund-0002' })).status).toBe(201)
    const number = gatewayRefundId(a.shopId, 'terminal-refund-0002:0')
    expect(await refundsOf(order._id)).toMatchObject([{ amount: -2_000, method: 'terminal', tranID: number }])
    expect([...terminal.sales.get(sale._id)!.refunds!]).toEqual([
      ['portal-refund', 3_000],
      [number, 2_000]
    ])
    expect(terminal.refused).toBe(0)
  })

  it('takes WeChat Pay HK by its API v3: QR code, signed and sealed notification, replay and mismatch refused', async () => {
    await setShop(t, a, {
      paymentGateways: {
        alipayHk: {
          enabled: true,
          staging: true,
          id: alipay.appId,
          key: alipay.merchant.privateKey,
          sign: alipay.alipay.publicKey
        },
        terminal: { enabled: true, staging: false, id: terminal.mid, key: terminal.key },
        wechatPayHk: { enabled: true, staging: true, id: wechat.id, key: wechat.key, sign: wechat.platform.publicKey }
      }
    })
    const order = (await orderOf(6_600)) as Json & { _id: string; orderId: string }
    const made = await pay(t, a, { order: order._id, method: 'messagingWallet', amount: 6_600 })
    expect(made.body).toMatchObject({ status: 'pending' })
    expect(made.status).toBe(201)
    const payment = made.body as Json & { _id: string; clientSecret: string }
    expect(payment).toMatchObject({ status: 'pending', method: 'messagingWallet', tranID: payment._id })
    expect(payment.clientSecret).toBe(`weixin://wxpay/bizpayurl?pr=${payment._id}`)
    expect(wechat.orders.get(payment._id)).toMatchObject({
      total: 6_600,
      currency: 'HKD',
      notifyUrl: `https://emporia.example/api/payments/webhooks/wechat-pay-hk/${a.shopId}`
    })
    const hookUrl = hook('wechat-pay-hk')
    // Signed with another key, or too old (a replay): refused, nothing changes.
    expect(await wechat.post(hookUrl, wechat.notification(payment._id, {}, { withKey: wechat.merchant.privateKey }))).toBe(400)
    const old = wechat.notification(payment._id, {}, { at: Math.floor(Date.now() / 1000) - 3600 })
    expect(await wechat.post(hookUrl, old)).toBe(400)
    // A body changed after signing: refused.
    const real = wechat.notification(payment._id)
    expect(await wechat.post(hookUrl, { ...real, body: real.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') })).toBe(
      400
    )
    // Signed and sealed, but for other cents or another merchant: acknowledged, nothing changes.
    expect(await wechat.post(hookUrl, wechat.notification(payment._id, { amount: { total: 66, currency: 'HKD' } }))).toBe(200)
    expect(await wechat.post(hookUrl, wechat.notification(payment._id, { mchid: '1900000999' }))).toBe(200)
    expect((await get(`payments/${payment._id}`)).status).toBe('pending')
    // The real one twice: paid once.
    wechat.orders.get(payment._id)!.state = 'SUCCESS'
    expect(await wechat.post(hookUrl, real)).toBe(200)
    expect(await wechat.post(hookUrl, real)).toBe(200)
    expect((await get(`payments/${payment._id}`)).status).toBe('paid')
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'paid', amount: 6_600 })
    expect(await t.db.knex('payments').where({ shop: a.shopId, order: order._id, status: 'paid' })).toHaveLength(1)
    // Refunded through WeChat Pay under our refund number, once.
    expect((await refund(order, { amount: 1_600, idempotencyKey: 'wechat-refund-0001' })).status).toBe(201)
    expect((await refund(order, { amount: 1_600, idempotencyKey: 'wechat-refund-0001' })).status).toBe(201)
    expect([...wechat.orders.get(payment._id)!.refunds]).toEqual([[gatewayRefundId(a.shopId, 'wechat-refund-0001:0'), 1_600]])
    // A second charge withdrawn by the merchant is closed at WeChat Pay.
    const other = await orderOf(1_000)
    const second = (await pay(t, a, { order: other._id, method: 'messagingWallet', amount: 1_000 })).body as Json & {
      _id: string
    }
    expect((await call(t, a, 'PATCH', `payments/${second._id}`, { status: 'cancelled' })).status).toBe(200)
    expect(wechat.orders.get(second._id)?.state).toBe('CLOSED')
    // At the storefront: the order waits, its page shows WeChat Pay's code, the notification pays it.
    const commerce = { app: t.app, context: t.context }
    await setShop(t, a, { pickUp: { enabled: true, address: '1 Nathan Road' } })
    const product = await makeProduct(t, a, { price: 4_200 })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 5 })
    const placed = await placeOrder(
      commerce,
      a.shopId,
      readCheckout({
        lines: [{ product, quantity: 1 }],
        customer: { firstName: 'Wing', lastName: 'Chan', email: 'wing@example.com', phone: '+852 9123 4567' },
        payment: 'messagingWallet',
        idempotencyKey: 'wechat-checkout-0001'
      }),
      'cht'
    )
    expect(placed.order.status).toBe('unpaid')
    const online = (await t.db.knex('payments').where({ shop: a.shopId, order: placed.order._id }).first()) as Json & {
      _id: string
    }
    expect(online).toMatchObject({ method: 'messagingWallet', status: 'pending', amount: 4_200 })
    expect(await orderWallet(commerce, a.shopId, placed.order._id)).toEqual({ code: `weixin://wxpay/bizpayurl?pr=${online._id}` })
    expect(await wechat.pay(online._id, hookUrl)).toBe(200)
    expect((await get(`orders/${placed.order._id}`)).status).toBe('paid')
    expect(wechat.refused).toBe(0)
  })

  it('takes Octopus by its QR code and signed API: forged, replayed and mismatched notifications change nothing; refunds once', async () => {
    const order = (await orderOf(3_300)) as Json & { _id: string; orderId: string }
    // Not enabled yet: refused.
    expect((await pay(t, a, { order: order._id, method: 'transitCard', amount: 3_300 })).body).toMatchObject({
      data: { key: 'payment.methodOff' }
    })
    await setShop(t, a, {
      paymentGateways: {
        alipayHk: {
          enabled: true,
          staging: true,
          id: alipay.appId,
          key: alipay.merchant.privateKey,
          sign: alipay.alipay.publicKey
        },
        terminal: { enabled: true, staging: false, id: terminal.mid, key: terminal.key },
        wechatPayHk: { enabled: true, staging: true, id: wechat.id, key: wechat.key, sign: wechat.platform.publicKey },
        octopus: { enabled: true, staging: true, id: octopus.mid, key: octopus.key }
      }
    })
    const made = await pay(t, a, { order: order._id, method: 'transitCard', amount: 3_300 })
    expect(made.status).toBe(201)
    const payment = made.body as Json & { _id: string }
    expect(payment).toMatchObject({
      status: 'pending',
      method: 'transitCard',
      clientSecret: `octopus://pay/${octopus.mid}/${payment._id}`
    })
    expect(octopus.payments.get(payment._id)?.notifyUrl).toBe(`https://emporia.example/api/payments/webhooks/octopus/${a.shopId}`)
    const octopusHook = hook('octopus')
    expect(await octopus.post(octopusHook, octopus.notification(payment._id, {}, undefined, 'another-key'))).toBe(400)
    expect(await octopus.post(octopusHook, octopus.notification(payment._id, {}, Math.floor(Date.now() / 1000) - 3600))).toBe(400)
    expect(await octopus.post(octopusHook, octopus.notification(payment._id, { amount: 330 }))).toBe(200)
    expect((await get(`payments/${payment._id}`)).status).toBe('pending')
    expect(await octopus.pay(payment._id, octopusHook)).toBe(200)
    expect(await octopus.post(octopusHook, octopus.notification(payment._id))).toBe(200)
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'paid', amount: 3_300 })
    expect(await t.db.knex('payments').where({ shop: a.shopId, order: order._id, status: 'paid' })).toHaveLength(1)
    expect((await refund(order, { idempotencyKey: 'octopus-refund-0001' })).status).toBe(201)
    expect((await refund(order, { idempotencyKey: 'octopus-refund-0001' })).status).toBe(201)
    expect([...octopus.payments.get(payment._id)!.refunds]).toEqual([[gatewayRefundId(a.shopId, 'octopus-refund-0001:0'), 3_300]])
    expect(await get(`orders/${order._id}`)).toMatchObject({ status: 'refunded' })
    expect(octopus.refused).toBe(0)
  })

  it('refuses a gateway that is configured but not enabled', async () => {
    const order = await orderOf(1_000)
    await setShop(t, a, {
      paymentGateways: { octopus: { enabled: false, staging: true, id: octopus.mid } }
    })
    const transit = await pay(t, a, { order: order._id, method: 'transitCard', amount: 1_000 })
    expect(transit.status).toBe(400)
    expect(transit.body).toMatchObject({ data: { key: 'payment.methodOff' } })
    expect(alipay.refused + terminal.refused).toBe(0)
  })
})
