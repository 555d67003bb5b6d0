import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { operate } from '../../support/inventory-api'
import { madeOrder, createOrder, pay } from '../../support/order-api'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Row = Record<string, unknown>

/** Customers and their orders (decision 0083): orders name a customer of the shop; merge, erase, export. */
describe.each(await dialects())('customers with orders: merge, erase, export (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let api: ReturnType<typeof client>
  let product: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Customer operations')
    api = client(t, a)
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    product = await makeProduct(t, a, { price: 1000 })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 100 })
  })
  afterAll(() => t.close())

  let serial = 0
  const customer = (fields: Row = {}) => api.made('shopUsers', { firstName: `Customer${++serial}`, ...fields })
  const orderFor = (user: string, fields: Row = {}) =>
    madeOrder(t, a, { user, products: [{ product, quantity: 1 }], customer: { name: 'Mei Chan', phone: '91234567' }, ...fields })
  const paidOrderFor = async (user: string) => {
    const order = await orderFor(user)
    const paid = await pay(t, a, { order: order._id, method: 'cash', amount: order.total, received: order.total })
    expect(paid.status).toBe(201)
    return order
  }
  const refused = (status: number, field: string | undefined, key: string) => ({
    status,
    body: { data: field ? { key, field } : { key } }
  })

  it("takes an order only for a customer of the order's shop", async () => {
    const mine = await customer()
    const other = await shopOwner(t.url, 'Other customers')
    const theirs = await client(t, other).made('shopUsers', { firstName: 'Theirs' })
    expect(await createOrder(t, a, { user: theirs._id, products: [{ product, quantity: 1 }] })).toMatchObject(
      refused(400, 'user', 'customer.notCustomer')
    )
    expect((await orderFor(mine._id)).user).toBe(mine._id)
  })

  it('refuses to remove a customer with orders, and says to merge or erase instead', async () => {
    const buyer = await customer()
    await orderFor(buyer._id)
    expect(await api.remove(`shopUsers/${buyer._id}`)).toMatchObject(refused(409, undefined, 'customer.hasOrders'))
    expect((await api.get(`shopUsers/${buyer._id}`)).status).toBe(200)
  })

  it('merges a duplicate: orders and payments move, empty fields filled, addresses combined, the duplicate gone', async () => {
    const home = { label: 'Home', city: 'Hong Kong', default: true }
    const keep = await customer({ lastName: 'Chan', addresses: [home] })
    const remove = await customer({
      email: `dup${serial}@example.com`,
      phone: `6${String(serial).padStart(7, '1')}`,
      addresses: [
        { ...home, city: ' hong kong ', default: false },
        { label: 'Office', city: 'Kowloon', default: true }
      ]
    })
    const kept = await paidOrderFor(keep._id)
    const moved = await paidOrderFor(remove._id)
    const merged = await api.create('shopUsers/merge', { keep: keep._id, remove: remove._id })
    expect(merged).toMatchObject({
      status: 201,
      body: { keep: keep._id, removed: remove._id, moved: { orders: 1, payments: 1 } }
    })
    expect((await api.get(`shopUsers/${remove._id}`)).status).toBe(404)
    const after = (await api.get(`shopUsers/${keep._id}`)).body as Row
    expect(after).toMatchObject({ firstName: keep.firstName, lastName: 'Chan', email: remove.email, phone: remove.phone })
    expect(after.addresses).toEqual([home, { label: 'Office', city: 'Kowloon', default: false }])
    const orders = (await api.get('orders', `&user=${keep._id}&$sort[date]=1`)).body?.data as Row[]
    expect(orders.map((order) => order._id)).toEqual([kept._id, moved._id])
    const payments = (await api.get('payments', `&user=${keep._id}`)).body?.data as Row[]
    expect(payments).toHaveLength(2)
    expect(Number(((await t.db.knex('orders').where({ user: remove._id }).count({ n: '*' })) as Row[])[0].n)).toBe(0)
  })

  it('refuses merging a customer with itself, across shops, or by the counter; a failure half-way leaves nothing changed', async () => {
    const one = await customer()
    expect(await api.create('shopUsers/merge', { keep: one._id, remove: one._id })).toMatchObject(
      refused(400, 'remove', 'customer.mergeSelf')
    )
    const other = await shopOwner(t.url, 'Merge elsewhere')
    const theirs = await client(t, other).made('shopUsers', { firstName: 'Theirs' })
    expect(await api.create('shopUsers/merge', { keep: one._id, remove: theirs._id })).toMatchObject(
      refused(400, 'remove', 'customer.notCustomer')
    )
    expect((await client(t, other).get(`shopUsers/${theirs._id}`)).status).toBe(200)
    const pos = await memberOf(t, a, 'pos')
    const two = await customer()
    expect((await client(t, pos).create('shopUsers/merge', { keep: one._id, remove: two._id })).status).toBe(403)

    // The removed customer cannot be deleted (a trigger stands for any failure after the orders moved).
    const doomed = await customer({ remarks: 'cannot be deleted' })
    const order = await orderFor(doomed._id)
    await t.db.knex.raw(`create or replace function refuse_delete() returns trigger as $$
      begin if old.remarks = 'cannot be deleted' then raise exception 'refused'; end if; return old; end $$ language plpgsql`)
    await t.db.knex.raw(`create trigger refuse_delete before delete on "shopUsers" for each row execute function refuse_delete()`)
    try {
      const failed = await api.create('shopUsers/merge', { keep: one._id, remove: doomed._id })
      expect(failed.status).toBe(500)
    } finally {
      await t.db.knex.raw('drop trigger refuse_delete on "shopUsers"')
    }
    expect((await api.get(`orders/${order._id}`)).body).toMatchObject({ user: doomed._id })
    expect((await api.get(`shopUsers/${doomed._id}`)).status).toBe(200)
    expect(((await api.get(`shopUsers/${one._id}`)).body as Row).remarks ?? null).toBeNull()
  })

  it('exports what the shop holds about a customer, to staff only', async () => {
    const buyer = await customer({ email: `export${serial}@example.com`, addresses: [{ label: 'Home', city: 'Tai Po' }] })
    const order = await paidOrderFor(buyer._id)
    const exported = await api.get(`shopUsers/personalData/${buyer._id}`)
    expect(exported).toMatchObject({
      status: 200,
      body: {
        _id: buyer._id,
        customer: { email: buyer.email, addresses: [{ label: 'Home', city: 'Tai Po' }] },
        orders: [{ _id: order._id, orderId: order.orderId, total: order.total, products: [{ product, quantity: 1 }] }],
        payments: [{ order: order._id, method: 'cash', amount: order.total }]
      }
    })
    const pos = await memberOf(t, a, 'pos')
    expect((await client(t, pos).get(`shopUsers/personalData/${buyer._id}`)).status).toBe(403)
    const other = await shopOwner(t.url, 'Export elsewhere')
    expect((await client(t, other).get(`shopUsers/personalData/${buyer._id}`)).status).toBe(404)
  })

  it('erases personal data: the record blanked and marked, the orders anonymised but still linked; not while an order is unpaid', async () => {
    const buyer = await customer({ lastName: 'Wong', email: `erase${serial}@example.com`, phone: '68886888', remarks: 'VIP' })
    const unpaid = await orderFor(buyer._id, { ship: { address: '1 Nathan Road' } })
    expect(await api.create('shopUsers/erase', { user: buyer._id })).toMatchObject(
      refused(409, 'user', 'customer.hasUnpaidOrders')
    )
    await pay(t, a, { order: unpaid._id, method: 'cash', amount: unpaid.total, received: unpaid.total })
    const erased = await api.create('shopUsers/erase', { user: buyer._id })
    expect(erased).toMatchObject({ status: 201, body: { user: buyer._id, orders: 1 } })
    const after = (await api.get(`shopUsers/${buyer._id}`)).body as Row
    expect(after).toMatchObject({ name: 'Erased customer', addresses: [] })
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'remarks']) expect(after[field] ?? null).toBeNull()
    expect(Number.isNaN(Date.parse(String(after.erasedAt)))).toBe(false)
    const order = (await api.get(`orders/${unpaid._id}`)).body as Row
    expect(order).toMatchObject({ user: buyer._id, customer: { name: 'Erased customer' } })
    expect(JSON.stringify(order)).not.toMatch(/Mei Chan|91234567|Nathan/)
    // The e-mail is free again; the erased record is not edited back.
    expect((await api.create('shopUsers', { firstName: 'New', email: buyer.email })).status).toBe(201)
    expect(await api.patch(`shopUsers/${buyer._id}`, { firstName: 'Back' })).toMatchObject(
      refused(400, undefined, 'customer.erased')
    )
    // Erasing again changes nothing.
    expect((await api.create('shopUsers/erase', { user: buyer._id })).status).toBe(201)
  })
})
