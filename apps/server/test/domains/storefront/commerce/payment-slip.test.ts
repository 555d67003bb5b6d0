import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { call, operate } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import { SLIP_MAX_BYTES, SLIP_MAX_COUNT, SLIP_MAX_TOTAL_BYTES } from '../../../../src/domains/storefront/commerce/payment-slip'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
/** A PDF of `bytes` bytes: the header file-type reads, padding, the end marker. */
const pdf = (bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail])
}
const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex')
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4),
  Buffer.from('mp42isom'),
  Buffer.alloc(64)
])

/**
 * The shopper's bank-transfer slip (issue 28): only a photo (JPEG, PNG, WebP) or a PDF, by its bytes
 * whatever its name or declared type, each file and each order's slips capped (decision 0123), each
 * refusal in the shopper's language. Two shops: each stays inside the slip route's rate limit.
 */
describe.each(await dialects())('payment slips (%s)', (dialect) => {
  let t: TestApp

  /** A shop with bank transfer and an order waiting for its slip; answers the order's slip address. */
  const orderWaitingForSlip = async (name: string) => {
    const owner = await shopOwner(t.url, name)
    const shop = (await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }
    const base = `${t.url}/s/${shop.subdomain}`
    await setShop(t, owner, {
      bankTransfer: { enabled: true, accounts: [{ bankName: 'HSBC', name: 'Web Ltd', no: '001-2', enabled: true }] },
      pickUp: { enabled: true }
    })
    const tea = ((await call(t, owner, 'POST', 'products', { name: { en: 'Tea' }, price: 1250 })).body as { _id: string })._id
    const w = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
    await operate(t, owner, { mode: 'restock', warehouse: w, product: tea, delta: 10 })
    const placed = await fetch(`${base}/_commerce/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ product: tea, quantity: 1 }],
        customer: { firstName: 'Siu', email: 'siu@example.com', phone: '98765432' },
        payment: 'bank',
        idempotencyKey: `slip-order-${name.replace(/\W/g, '')}-0001`
      })
    })
    expect(placed.status).toBe(201)
    const { link, order } = (await placed.json()) as { link: string; order: { _id: string } }
    return { shop: owner.shopId, order: order._id, url: `${base}/_commerce/orders/${link}/slip` }
  }
  const send = async (url: string, bytes: Buffer, name: string, type: string, lang = 'en') => {
    const form = new FormData()
    form.append('file', new Blob([bytes], { type }), name)
    const answer = await fetch(`${url}?lang=${lang}`, { method: 'POST', body: form })
    return { status: answer.status, body: (await answer.json()) as { slip?: string; message?: string; data?: { key?: string } } }
  }
  const slipsOf = (shop: string, order: string) => t.db.knex('attachments').where({ shop, path: `slips/${order}` })

  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(async () => {
    await t.close()
  })

  it('takes a photo or a PDF by its bytes and refuses HTML, SVG, zip and video, whatever their name, in the shopper’s language', async () => {
    const { shop, order, url } = await orderWaitingForSlip('Slip types')
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    for (const [bytes, name, type] of [
      [html, 'slip.png', 'image/png'],
      [svg, 'slip.svg', 'image/svg+xml'],
      [zip, 'slip.jpg', 'image/jpeg'],
      [mp4, 'slip.mp4', 'video/mp4']
    ] as const) {
      const refused = await send(url, bytes, name, type, 'cht')
      expect(refused).toMatchObject({ status: 400, body: { data: { key: 'storefront.slipType' } } })
      expect(refused.body.message).toMatch(/PDF/)
      expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(await slipsOf(shop, order)).toHaveLength(0)

    expect((await send(url, png, 'receipt.html', 'text/html')).status).toBe(201)
    expect((await send(url, pdf(2048), 'receipt.bin', 'application/octet-stream')).status).toBe(201)
    expect((await slipsOf(shop, order)).map((row: { mime: string }) => row.mime).sort()).toEqual(['application/pdf', 'image/png'])
  })

  it(`caps one slip, and an order's slips at ${SLIP_MAX_COUNT} and their total size, nothing half kept`, async () => {
    const { shop, order, url } = await orderWaitingForSlip('Slip caps')
    const tooBig = await send(url, pdf(SLIP_MAX_BYTES + 1024), 'big.pdf', 'application/pdf', 'chs')
    expect(tooBig).toMatchObject({ status: 413, body: { data: { key: 'storefront.slipTooLarge' } } })
    expect(tooBig.body.message).toMatch(/[\u4e00-\u9fff]/)

    // Two large slips fit one file's cap each but not the order's total.
    const large = Math.floor(SLIP_MAX_TOTAL_BYTES / 2) + 1024
    expect((await send(url, pdf(large), 'one.pdf', 'application/pdf')).status).toBe(201)
    const over = await send(url, pdf(large), 'two.pdf', 'application/pdf')
    expect(over).toMatchObject({ status: 400, body: { data: { key: 'storefront.slipsFull' } } })
    expect(await slipsOf(shop, order)).toHaveLength(1)

    for (let i = 1; i < SLIP_MAX_COUNT; i++) expect((await send(url, png, `slip${i}.png`, 'image/png')).status).toBe(201)
    const sixth = await send(url, png, 'sixth.png', 'image/png', 'en')
    expect(sixth).toMatchObject({ status: 400, body: { data: { key: 'storefront.slipsFull' } } })
    expect(sixth.body.message).toContain(String(SLIP_MAX_COUNT))
    expect(await slipsOf(shop, order)).toHaveLength(SLIP_MAX_COUNT)
    // The order's payment points at the last slip taken, not the refused one.
    const payment = (await t.db.knex('payments').where({ order }).first('reference')) as { reference: string }
    expect((await slipsOf(shop, order)).map((row: { _id: string }) => row._id)).toContain(payment.reference)
  })
})
