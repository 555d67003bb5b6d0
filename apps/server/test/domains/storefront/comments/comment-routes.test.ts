import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialects } from '../../../support/databases'
import { setShop } from '../../../support/order-api'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { get } from '../storefront-support'
import { BROWSER, reviewShop, signedInCustomer } from '../reviews-support'

type Shop = Awaited<ReturnType<typeof reviewShop>>
type Body = Record<string, unknown>

let addresses = 0
/** A client address of its own (behind the one trusted proxy), so each case has its own address budget. */
const nextAddress = () => `203.0.113.${++addresses}`

/**
 * Product comments on the storefront (decision 0193): only with the shop's `useComment` on, only from a
 * signed-in customer of that shop, as plain text, limited per customer and per client address; shown
 * on the product page once the merchant approves, with the reply; another shop sees none of them.
 */
describe.each(await dialects())('storefront product comments (%s)', (dialect) => {
  let t: TestApp
  let a: Shop
  let b: Shop

  const comment = async (shop: Shop, body: unknown, cookie = '', address = nextAddress()) => {
    const response = await fetch(`${t.url}${shop.base}/_commerce/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as Body & { data?: Body } }
  }
  const productPage = async (shop: Shop) =>
    (await get(t.url, `${shop.base}/products/${shop.tea}`, { 'User-Agent': BROWSER })).text

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { trustProxy: { hops: 1 } } })
    a = await reviewShop(t, 'Review House')
    b = await reviewShop(t, 'Other House')
  })
  afterAll(() => t.close())

  it('is refused while the shop takes no comments, and shows no form', async () => {
    const mei = await signedInCustomer(t, a.owner, 'Mei')
    expect(await comment(a, { product: a.tea, text: 'Lovely' }, mei.cookie)).toMatchObject({ status: 403 })
    expect(await productPage(a)).not.toContain('data-island="productComment"')
    expect(await t.db.knex('productComments').where({ shop: a.owner.shopId })).toHaveLength(0)
  })

  it('takes a signed-in customer’s comment as plain text, pending, shown once approved with the reply', async () => {
    expect(await setShop(t, a.owner, { useComment: true })).toMatchObject({ useComment: true })
    expect(await productPage(a)).toContain('data-island="productComment"')
    // Signed out, or signed in to another shop: 401.
    expect(await comment(a, { product: a.tea, text: 'Lovely' })).toMatchObject({ status: 401 })
    const elsewhere = await signedInCustomer(t, b.owner, 'Stranger')
    expect(await comment(a, { product: a.tea, text: 'Lovely' }, elsewhere.cookie)).toMatchObject({ status: 401 })

    const mei = await signedInCustomer(t, a.owner, 'Mei')
    const sent = await comment(
      a,
      { product: a.tea, text: '<b>Lovely</b> tea\u200B<img src=x onerror=alert(1)>', rating: 5 },
      mei.cookie
    )
    expect(sent).toMatchObject({ status: 201, body: { status: 'pending' } })
    const stored = (await t.db.knex('productComments').where({ _id: sent.body._id }).first()) as Body
    expect(stored).toMatchObject({ text: 'Lovely tea', rating: 5, status: 'pending', author: 'Mei', customer: mei.id })
    // Pending: not on the page yet.
    expect(await productPage(a)).not.toContain('Lovely tea')

    expect((await a.api.patch(`productComments/${sent.body._id}`, { status: 'approved', reply: 'Thank you, Mei!' })).status).toBe(
      200
    )
    const page = await productPage(a)
    expect(page).toContain('Lovely tea')
    expect(page).toContain('Thank you, Mei!')
    // The author's first name only.
    expect(page).not.toContain('Secret-Surname')
    expect(page).not.toContain('onerror')

    expect((await a.api.patch(`productComments/${sent.body._id}`, { status: 'hidden' })).status).toBe(200)
    expect(await productPage(a)).not.toContain('Lovely tea')
  })

  it('refuses bad input naming the field, and another shop’s product', async () => {
    const kit = await signedInCustomer(t, a.owner, 'Kit')
    const field = (answer: { body: Body & { data?: Body } }) => [
      answer.body.data?.field,
      ...((answer.body.errors as Body[] | undefined) ?? []).map((error) => error.field)
    ]
    const empty = await comment(a, { product: a.tea, text: '<p> </p>' }, kit.cookie)
    expect(empty.status).toBe(400)
    expect(field(empty)).toContain('text')
    const rating = await comment(a, { product: a.tea, text: 'Hi', rating: 9 }, kit.cookie, nextAddress())
    expect(rating.status).toBe(400)
    expect(field(rating)).toContain('rating')
    const foreign = await comment(a, { product: b.tea, text: 'Hi' }, kit.cookie, nextAddress())
    expect(foreign.status).toBe(400)
    expect(field(foreign)).toContain('product')
  })

  it('limits each customer wherever they write from, and each address whoever writes', async () => {
    const busy = await signedInCustomer(t, a.owner, 'Busy')
    for (let i = 0; i < 3; i++) expect((await comment(a, { product: a.tea, text: `Note ${i}` }, busy.cookie)).status).toBe(201)
    expect((await comment(a, { product: a.tea, text: 'Note 4' }, busy.cookie)).status).toBe(429)

    const address = nextAddress()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await comment(a, { product: a.tea, text: 'From one place' }, '', address)).status)
    // Ten refusals for being signed out, then the address is out of budget.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('keeps each shop’s comments to itself', async () => {
    await setShop(t, b.owner, { useComment: true })
    const theirs = await b.api.get('productComments', '&$limit=50')
    expect(theirs.body?.total).toBe(0)
    expect(await productPage(b)).not.toContain('Lovely tea')
  })
})
