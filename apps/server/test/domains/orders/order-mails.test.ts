import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { call, operate } from '../../support/inventory-api'
import { startSmtp, type ReceivedMail } from '../../support/mail-support'
import { setShop } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'
import { enqueueOrderMails } from '../../../src/domains/orders/order-mails'
import type { OrderRow } from '../../../src/domains/orders/order-rows'
import type { Mailer } from '../../../src/platform/mail/mailer'
import { MailInputError } from '../../../src/platform/mail/shop-mails/render-shop-mail'

/**
 * The shop's mails to its customers (decisions 0147, 0148), through a real SMTP server: a storefront
 * order mails the shopper a confirmation in their language and the shop a notice; a bank transfer
 * order carries the bank's details; marking it shipped mails the tracking number; each event once.
 */
describe.each(await dialects())('order mails (%s)', (dialect) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let owner: Awaited<ReturnType<typeof shopOwner>>
  let base: string
  let tea: string

  const mailsTo = (to: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(to))
  const arrived = async (to: string, count: number): Promise<ReceivedMail[]> => {
    await expect.poll(() => mailsTo(to).length, PATIENCE).toBeGreaterThanOrEqual(count)
    return mailsTo(to)
  }
  const checkout = async (email: string, payment: 'bank' | 'cash', lang: string, key: string) => {
    const answer = await fetch(`${base}/_commerce/checkout?lang=${lang}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ product: tea, quantity: 2 }],
        customer: { firstName: 'Siu Ming', email, phone: '98765432' },
        payment,
        idempotencyKey: `order-mails-${key}-0001`
      })
    })
    expect(answer.status).toBe(201)
    return (await answer.json()) as { order: { _id: string; orderId: string } }
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(dialect, {
      config: { mailUrl: `${smtp.url}?from=${encodeURIComponent('Emporia <no-reply@emporia.test>')}` }
    })
    owner = await shopOwner(t.url, 'Mail tea')
    const shop = (await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }
    base = `${t.url}/s/${shop.subdomain}`
    await setShop(t, owner, {
      shopEmail: 'orders@tea.example.com',
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Tea Ltd', no: '004-555-1', enabled: true }] },
      pickUp: { enabled: true }
    })
    tea = (
      (await call(t, owner, 'POST', 'products', { name: { en: 'Jasmine tea', cht: '茉莉花茶' }, price: 1250 })).body as {
        _id: string
      }
    )._id
    const w = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    await operate(t, owner, { mode: 'restock', warehouse: w, product: tea, delta: 50 })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('a bank transfer order: instructions to the shopper in Chinese, a notice to the shop; shipped mails the tracking number once', async () => {
    const placed = await checkout('siu@example.com', 'bank', 'cht', 'bank')
    const [instructions] = await arrived('siu@example.com', 1)
    expect(instructions.subject).toBe(`您的訂單 ${placed.order.orderId}：銀行轉賬付款`)
    expect(instructions.text).toContain('004-555-1')
    expect(instructions.text).toContain('HK$25.00')
    expect(instructions.text).toContain('茉莉花茶')
    expect(instructions.html).toContain('lang="zh-hk"')
    expect(instructions.from?.address).toBe('no-reply@emporia.test')
    expect(instructions.replyTo?.[0]?.address).toBe('orders@tea.example.com')

    const [notice] = await arrived('orders@tea.example.com', 1)
    expect(notice.subject).toContain(placed.order.orderId)
    expect(notice.text).toContain('siu@example.com')

    // The merchant confirms the transfer, then ships it with a tracking number.
    const payment = (await t.db.knex('payments').where({ order: placed.order._id }).first('_id')) as { _id: string }
    expect((await call(t, owner, 'PATCH', `payments/${payment._id}`, { status: 'paid' })).status).toBe(200)
    const shipped = await call(t, owner, 'PATCH', `orders/${placed.order._id}`, {
      ship: { company: 'SF Express', tracking: 'SF1234567890' },
      status: 'shipped'
    })
    expect(shipped.status).toBe(200)
    const mails = await arrived('siu@example.com', 2)
    const shipment = mails.find((mail) => mail.subject?.includes('已發貨'))
    expect(shipment?.text).toContain('SF1234567890')

    // One mail per event, each with its key, all on the order.
    const rows = (await t.db
      .knex('mailOutbox')
      .where({ shop: owner.shopId, order: placed.order._id })
      .select('type', 'eventKey')) as {
      type: string
      eventKey: string
    }[]
    expect(rows.map((row) => row.type).sort()).toEqual(['shop.orderBankTransfer', 'shop.shipment', 'shop.shopOrder'])
    expect(new Set(rows.map((row) => row.eventKey)).size).toBe(3)
  })

  it('a pick-up order: the confirmation in the shopper’s language (Simplified Chinese) with its lines', async () => {
    const placed = await checkout('mei@example.com', 'cash', 'chs', 'cash')
    const [confirmation] = await arrived('mei@example.com', 1)
    expect(confirmation.subject).toBe(`您的订单 ${placed.order.orderId} 已确认`)
    expect(confirmation.text).toContain('自取时付款')
    expect(confirmation.text).toContain('HK$25.00')
    expect(confirmation.html).toContain('lang="zh-cn"')
  })

  it('an order in English, and a rolled-back checkout mails nobody', async () => {
    const placed = await checkout('ann@example.com', 'cash', 'en', 'en')
    const [confirmation] = await arrived('ann@example.com', 1)
    expect(confirmation.subject).toBe(`Your order ${placed.order.orderId} is confirmed`)
    // A refused checkout (more than the stock) rolls back: no mail row is left for it.
    const refused = await fetch(`${base}/_commerce/checkout?lang=en`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ product: tea, quantity: 5000 }],
        customer: { firstName: 'Bo', email: 'bo@example.com', phone: '98765432' },
        payment: 'cash',
        idempotencyKey: 'order-mails-refused-0001'
      })
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(
      Number(((await t.db.knex('mailOutbox').where({ to: 'bo@example.com' }).count({ n: '*' })) as { n: string }[])[0].n)
    ).toBe(0)
  })

  it('a mail that cannot be made does not refuse the order: the log shows it failed, with its reason', async () => {
    const placed = await checkout('lee@example.com', 'cash', 'en', 'unrenderable')
    const failing = {
      enqueue: () => Promise.reject(new MailInputError('The shipment template could not be rendered', 'mail.renderFailed'))
    } as unknown as Mailer
    await t.db.knex.transaction(async (trx) => {
      const order = (await trx('orders').where({ _id: placed.order._id }).first()) as OrderRow
      await enqueueOrderMails(trx, { mailer: failing, config: t.context.config }, owner.shopId, order, 'shipped')
    })
    const log = (await call(t, owner, 'GET', 'mail/log', undefined, `&order=${placed.order._id}`)).body as {
      data: { template: string; status: string; reasonKey: string }[]
    }
    expect(log.data.find((entry) => entry.template === 'shipment')).toMatchObject({
      status: 'failed',
      reasonKey: 'mail.renderFailed'
    })
  })
})
