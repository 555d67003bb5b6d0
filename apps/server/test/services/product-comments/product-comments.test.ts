import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productCommentSchema } from '@emporia/shared'
import { shopOwner } from '../../support/accounts'
import { client, type Owner } from '../../support/catalogue-support'
import { dialects } from '../../support/databases'
import { recordServiceContract } from '../../support/record-contract'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does, for a comment on one of the shop's products.
await recordServiceContract('productComments', productCommentSchema, async (api) => ({
  products: (await api.made('products', { name: 'Tea', price: 100 }))._id
}))

type Body = Record<string, unknown>

/** The merchant's side of comments (decision 0193): plain text through every door, moderation, tenancy. */
describe.each(await dialects())('productComments: moderation and plain text (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let tea = ''
  let foreignTea = ''

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Comment House')
    other = await shopOwner(t.url, 'Other House')
    tea = (await client(t, owner).made('products', { name: 'Tea', price: 100 }))._id
    foreignTea = (await client(t, other).made('products', { name: 'Foreign tea', price: 100 }))._id
  })
  afterAll(() => t.close())

  it('stores words as plain text on create, patch, $set and replace, and refuses words that are only markup', async () => {
    const api = client(t, owner)
    const made = await api.made('productComments', {
      product: tea,
      text: '  <b>Lovely</b>\u200B   tea<script>x</script>\n\n\n\nAgain ',
      rating: 5
    })
    expect(made).toMatchObject({ text: 'Lovely teax\n\nAgain', status: 'pending', rating: 5 })
    const replied = await api.patch(`productComments/${made._id}`, { reply: '<i>Thanks</i>\u202E!' })
    expect(replied.body).toMatchObject({ reply: 'Thanks!' })
    // An operator writes past the plain-data path: the rule still stores the plain form.
    const set = await api.patch(`productComments/${made._id}`, { $set: { text: '<p>Set  text</p>' } })
    expect(set.status).toBe(200)
    expect(((await api.get(`productComments/${made._id}`)).body as Body).text).toBe('Set text')
    const replaced = await api.update(`productComments/${made._id}`, { product: tea, text: '<em>Whole</em>' })
    expect(replaced.body).toMatchObject({ text: 'Whole' })
    const empty = await api.create('productComments', { product: tea, text: '<p></p>\u200B ' })
    expect(empty.status).toBe(400)
    const emptied = await api.patch(`productComments/${made._id}`, { $set: { text: '<br>' } })
    expect(emptied.status).toBe(400)
    expect(((await api.get(`productComments/${made._id}`)).body as Body).text).toBe('Whole')
    const long = await api.create('productComments', { product: tea, text: 'x'.repeat(1001) })
    expect(long.status).toBe(400)
    expect(JSON.stringify(long.body)).toContain('text')
  })

  it('checks rating, status and the product, naming the field', async () => {
    const api = client(t, owner)
    const field = (body: Body | undefined) => [
      (body?.data as Body | undefined)?.field,
      ...((body?.errors as Body[] | undefined) ?? []).map((error) => error.field)
    ]
    const rating = await api.create('productComments', { product: tea, text: 'Hi', rating: 6 })
    expect(rating.status).toBe(400)
    expect(field(rating.body)).toContain('rating')
    const status = await api.create('productComments', { product: tea, text: 'Hi', status: 'published' })
    expect(status.status).toBe(400)
    expect(field(status.body)).toContain('status')
    const foreign = await api.create('productComments', { product: foreignTea, text: 'Hi' })
    expect(foreign.status).toBe(400)
    expect(field(foreign.body)).toContain('product')
    // The customer and author are the storefront's to set.
    const made = await api.made('productComments', { product: tea, text: 'Hi' })
    await api.patch(`productComments/${made._id}`, { author: 'Someone else', customer: owner.userId })
    expect((await api.get(`productComments/${made._id}`)).body).not.toMatchObject({ author: 'Someone else' })
    expect(((await api.get(`productComments/${made._id}`)).body as Body).customer ?? null).toBeNull()
  })

  it('moderates: approve, hide, reply; another shop neither lists, reads nor changes them', async () => {
    const api = client(t, owner)
    const made = await api.made('productComments', { product: tea, text: 'Moderate me' })
    expect((await api.patch(`productComments/${made._id}`, { status: 'approved', reply: 'Thank you' })).body).toMatchObject({
      status: 'approved',
      reply: 'Thank you'
    })
    const approved = await api.get('productComments', `&status=approved&$limit=50`)
    expect((approved.body?.data as Body[]).map((row) => row._id)).toContain(made._id)
    expect((await api.patch(`productComments/${made._id}`, { status: 'hidden' })).body).toMatchObject({ status: 'hidden' })

    const theirs = client(t, other)
    expect(((await theirs.get('productComments')).body?.data as Body[]).map((row) => row._id)).not.toContain(made._id)
    expect((await theirs.get(`productComments/${made._id}`)).status).toBe(404)
    expect((await theirs.patch(`productComments/${made._id}`, { status: 'approved' })).status).toBe(404)
    expect(((await api.get(`productComments/${made._id}`)).body as Body).status).toBe('hidden')

    // The list's batch: approve several at once; another shop's batch touches none of them.
    const second = await api.made('productComments', { product: tea, text: 'Second' })
    const chosen = `&_id[$in]=${made._id}&_id[$in]=${second._id}`
    expect((await theirs.patch('productComments', { status: 'hidden' }, chosen)).body).toEqual([])
    const batch = await api.patch('productComments', { status: 'approved' }, chosen)
    expect(batch.status).toBe(200)
    expect((batch.body as unknown as Body[]).map((row) => row.status)).toEqual(['approved', 'approved'])
  })
})
