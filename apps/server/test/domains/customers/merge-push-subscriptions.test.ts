import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newObjectId } from '../../../src/platform/http/object-id'
import { shopOwner } from '../../support/accounts'
import { client, type Owner } from '../../support/catalogue-support'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Row = Record<string, unknown>

/**
 * Merging customers (decision 0083) moves the removed customer's push subscriptions and mini-program
 * identity to the customer kept, in the merge's transaction (decision 0208): no duplicate, no other
 * shop's row touched, nothing moved when the merge fails.
 */
describe.each(await dialects())('merging customers moves their app subscriptions (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Merge push')
    api = client(t, a)
  })
  afterAll(() => t.close())

  let serial = 0
  const customer = (fields: Row = {}) => api.made('shopUsers', { firstName: `Pusher${++serial}`, ...fields })
  const subscribe = async (shop: string, customerId: string, name: string) => {
    await t.db.knex('pushSubscriptions').insert({
      _id: newObjectId(),
      shop,
      customer: customerId,
      endpoint: `https://push.example.com/send/${name}-${serial}`,
      p256dh: 'BAAAAAAA',
      auth: 'AAAAAAAA',
      locale: 'en',
      scope: '/'
    })
  }
  const holders = async (shop: string) =>
    (await t.db.knex('pushSubscriptions').where({ shop }).orderBy('endpoint').select('customer', 'endpoint')) as Row[]

  it('moves the removed customer’s subscriptions and mini-program identity to the kept one, once each', async () => {
    const keep = await customer()
    const remove = await customer()
    const bystander = await customer()
    await subscribe(a.shopId, keep._id, 'keep-phone')
    await subscribe(a.shopId, remove._id, 'remove-phone')
    await subscribe(a.shopId, remove._id, 'remove-tablet')
    await subscribe(a.shopId, bystander._id, 'bystander')
    await t.db.knex('miniIdentities').insert({
      _id: newObjectId(),
      shop: a.shopId,
      openid: `openid-${serial}`,
      user: remove._id,
      createdAt: new Date(),
      updatedAt: new Date()
    })

    const merged = await api.create('shopUsers/merge', { keep: keep._id, remove: remove._id })
    expect(merged).toMatchObject({ status: 201, body: { moved: { pushSubscriptions: 2, miniIdentities: 1 } } })
    const rows = await holders(a.shopId)
    const mine = rows.filter((row) => row.customer === keep._id).map((row) => String(row.endpoint))
    expect(mine).toHaveLength(3)
    expect(new Set(mine).size).toBe(3)
    expect(rows.filter((row) => row.customer === remove._id)).toEqual([])
    expect(rows.filter((row) => row.customer === bystander._id)).toHaveLength(1)
    expect(await t.db.knex('miniIdentities').where({ shop: a.shopId, user: keep._id }).first('_id')).toBeTruthy()
  })

  it('leaves every subscription where it was when the merge is refused or fails half-way', async () => {
    const keep = await customer()
    const other = await shopOwner(t.url, 'Merge push elsewhere')
    const theirs = await client(t, other).made('shopUsers', { firstName: 'Theirs' })
    await subscribe(other.shopId, theirs._id, 'theirs')
    expect((await api.create('shopUsers/merge', { keep: keep._id, remove: theirs._id })).status).toBe(400)
    expect(await holders(other.shopId)).toEqual([expect.objectContaining({ customer: theirs._id })])

    // The removed customer cannot be deleted: the subscriptions moved before it roll back with the rest.
    const doomed = await customer({ remarks: 'cannot be deleted' })
    await subscribe(a.shopId, doomed._id, 'doomed')
    await t.db.knex.raw(`create or replace function refuse_push_delete() returns trigger as $$
      begin if old.remarks = 'cannot be deleted' then raise exception 'refused'; end if; return old; end $$ language plpgsql`)
    await t.db.knex.raw(
      `create trigger refuse_push_delete before delete on "shopUsers" for each row execute function refuse_push_delete()`
    )
    try {
      expect((await api.create('shopUsers/merge', { keep: keep._id, remove: doomed._id })).status).toBe(500)
    } finally {
      await t.db.knex.raw('drop trigger refuse_push_delete on "shopUsers"')
    }
    const rows = await holders(a.shopId)
    expect(rows.filter((row) => row.customer === doomed._id)).toHaveLength(1)
    expect(rows.filter((row) => row.customer === keep._id)).toEqual([])
  })
})
