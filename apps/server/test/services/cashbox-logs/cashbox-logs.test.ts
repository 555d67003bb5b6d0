import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireOpenDrawer } from '../../../src/domains/pos/drawer'
import { newObjectId } from '../../../src/platform/http/object-id'
import { rowSecurityAvailable, shopTransaction } from '../../../src/platform/tenancy'
import { client, memberOf, setShop, type Owner } from '../../support/catalogue-support'
import { operate } from '../../support/inventory-api'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Check = Record<string, unknown> & { _id: string; date: string; amount: number }

/** The cashbox log (spec §3.11, §4.8, §5.3; decision 0081); the cash it expects comes from orders taken over the API. */
describe.each(await dialects())('cashbox logs (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Cashbox')
    await setShop(t, owner.shopId, { useCashboxLog: true })
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const refused = (field: string, key: string) => ({ status: 400, body: { data: { key, field } } })
  const check = async (body: Record<string, unknown>, as = api) => (await as.made('cashboxLogs', body)) as Check
  const countOf = async (query = '') => (await api.get('cashboxLogs', `&$limit=0${query}`)).body?.total as number

  /**
   * A shop of its own per test, so drawers do not share history, selling a HK$1 product through the
   * orders API: `sell` takes `amount` cents as one order paid at once, `refund` gives money back.
   */
  const freshShop = async (name: string) => {
    const someone = await shopOwner(t.url, name)
    await setShop(t, someone.shopId, { useCashboxLog: true })
    const as = client(t, someone)
    const warehouse = ((await t.db.knex('warehouses').where({ shop: someone.shopId }).first('_id')) as { _id: string })._id
    const product = await makeProduct(t, someone, { price: 100 })
    expect((await operate(t, someone, { mode: 'restock', warehouse, product, delta: 100_000 })).status).toBe(201)
    const orderBody = (amount: number, more: { method?: string; cashier?: string } = {}) => {
      const { method = 'cash', cashier } = more
      const taken = { method, amount, ...(method === 'cash' ? { received: amount } : {}), ...(cashier ? { cashier } : {}) }
      return { source: 'pos', products: [{ product, quantity: amount / 100 }], payments: [taken] }
    }
    const sell = (amount: number, more: { method?: string; cashier?: string } = {}) =>
      as.made('orders', orderBody(amount, more)) as Promise<Record<string, unknown> & { _id: string; orderId: string }>
    const refund = (order: { _id: string; orderId: string }, amount: number) =>
      as.made('orders/refunds', { order: order._id, confirm: order.orderId, amount, lines: [] })
    return { someone, as, sell, refund, orderBody }
  }

  it("records a check in the caller's shop by the caller, lists it, and never replaces nor removes it", async () => {
    const made = await check({ type: 'beginCheck', amount: 50_000, comment: 'Float' })
    expect(made).toMatchObject({ shop: owner.shopId, admin: owner.userId, status: 'valid', type: 'beginCheck' })
    const listed = await api.get('cashboxLogs', '&$sort[date]=-1')
    expect((listed.body?.data as Check[]).map((row) => row._id)).toContain(made._id)
    expect((await api.update(`cashboxLogs/${made._id}`, { type: 'beginCheck', amount: 1 })).status).toBe(405)
    expect((await api.remove(`cashboxLogs/${made._id}`)).status).toBe(405)
    expect((await api.get(`cashboxLogs/${made._id}`)).body).toMatchObject({ amount: 50_000, status: 'valid' })
  })

  it('needs a type and an amount, naming the field, refuses unknown fields and ignores server-owned ones', async () => {
    const before = await countOf()
    for (const [body, field] of [
      [{ amount: 100 }, 'type'],
      [{ type: 'middleCheck' }, 'amount']
    ] as const) {
      const answer = await api.create('cashboxLogs', body)
      const named = (answer.body?.errors as { field?: string }[] | undefined)?.map((error) => error.field)
      expect(`${answer.status} ${named?.join()}`).toBe(`400 ${field}`)
    }
    expect((await api.create('cashboxLogs', { type: 'in', amount: 100, notAField: 1 })).status).toBe(400)
    expect((await api.create('cashboxLogs', { type: 'pay', amount: 100 })).status).toBe(400)
    expect((await api.create('cashboxLogs', { type: 'in', amount: 2.5 })).status).toBe(400)
    expect(await countOf()).toBe(before)
    const made = await check({ type: 'in', amount: 100, expectedAmount: 999_999, status: 'cancelled', admin: newObjectId() })
    expect(made).toMatchObject({ status: 'valid', admin: owner.userId })
    expect(made.expectedAmount).not.toBe(999_999)
  })

  it('refuses the §5.3 rules on create, storing nothing', async () => {
    const before = await countOf()
    expect(await api.create('cashboxLogs', { type: 'out', amount: 500 })).toMatchObject(refused('amount', 'cash.mustBeNegative'))
    expect(await api.create('cashboxLogs', { type: 'out', amount: 0 })).toMatchObject(refused('amount', 'cash.mustBeNegative'))
    expect(await api.create('cashboxLogs', { type: 'in', amount: -500 })).toMatchObject(refused('amount', 'cash.mustBePositive'))
    expect(await api.create('cashboxLogs', { type: 'endCheck', amount: -1 })).toMatchObject(
      refused('amount', 'cash.mustNotBeNegative')
    )
    const details = [
      { value: 10_000, number: 2 },
      { value: 50, number: 3 }
    ]
    expect(await api.create('cashboxLogs', { type: 'middleCheck', amount: 20_000, hasDetails: true, details })).toMatchObject(
      refused('amount', 'cash.detailsMismatch')
    )
    expect(await api.create('cashboxLogs', { type: 'out', amount: 20_150, details })).toMatchObject(
      refused('amount', 'cash.mustBeNegative')
    )
    expect(await countOf()).toBe(before)
    const out = await check({ type: 'out', amount: -20_150, hasDetails: true, details })
    expect(out.details).toEqual(details)
    // The English message is the spec's.
    expect((await api.create('cashboxLogs', { type: 'out', amount: 1 })).body?.message).toBe('Must be negative')
  })

  it('changes a check only by cancelling it or its comment, by every way of writing', async () => {
    const made = await check({ type: 'in', amount: 1_000, comment: 'Change float' })
    const path = `cashboxLogs/${made._id}`
    expect(await api.patch(path, { amount: 5 })).toMatchObject(refused('amount', 'format.invalid'))
    expect(await api.patch(path, { $set: { amount: 5 } })).toMatchObject(refused('amount', 'format.invalid'))
    expect(await api.patch(path, { $set: { type: 'out' } })).toMatchObject(refused('type', 'format.invalid'))
    expect(await api.patch(path, { $set: { 'details.0.number': 1 } })).toMatchObject(refused('details', 'format.invalid'))
    expect(await api.patch(path, { $push: { details: { value: 100, number: 1 } } })).toMatchObject(
      refused('details', 'format.invalid')
    )
    expect(await api.patch(path, { $unset: { amount: '' } })).toMatchObject(refused('amount', 'format.invalid'))
    expect(await api.patch(path, { expectedAmount: 1 })).toMatchObject(refused('expectedAmount', 'format.invalid'))
    expect(await api.patch(path, { status: 'valid', amount: 1_000, comment: 'Echoed' })).toMatchObject({
      status: 200,
      body: { comment: 'Echoed', amount: 1_000 }
    })
    expect(await api.patch(path, { $set: { comment: 'By $set' } })).toMatchObject({ status: 200, body: { comment: 'By $set' } })
    expect(await api.patch(path, { status: 'cancelled' })).toMatchObject({ status: 200, body: { status: 'cancelled' } })
    expect(await api.patch(path, { status: 'valid' })).toMatchObject(refused('status', 'cash.onlyCancel'))
    expect(await api.patch(path, { $set: { status: 'valid' } })).toMatchObject(refused('status', 'cash.onlyCancel'))
    expect((await api.get(path)).body).toMatchObject({ status: 'cancelled', amount: 1_000, type: 'in' })
  })

  it('expects what the last count held plus the cash taken, refunded, put in and taken out since', async () => {
    const { as, sell, refund } = await freshShop('Expected')
    const details = [
      { value: 50_000, number: 1 },
      { value: 10_000, number: 5 }
    ]
    const begin = (await as.made('cashboxLogs', { type: 'beginCheck', amount: 100_000, hasDetails: true, details })) as Check
    // The first count sets the float: nothing was expected of it.
    expect(begin).toMatchObject({
      lastAmount: 0,
      expectedAmount: 0,
      delta: 100_000,
      summary: { orders: 0, paid: 0, refunded: 0 }
    })
    expect(begin.diff).toBeUndefined()
    expect(begin.lastDate).toBeUndefined()
    const orderA = await sell(5_000)
    await sell(2_500)
    await refund(orderA, 1_500)
    // Not cash, or not this shop's: neither is in the drawer.
    await sell(9_900, { method: 'credit' })
    const elsewhere = await freshShop('Elsewhere')
    await elsewhere.as.made('cashboxLogs', { type: 'beginCheck', amount: 0 })
    await elsewhere.sell(4_000)
    const cashIn = (await as.made('cashboxLogs', { type: 'in', amount: 20_000 })) as Check
    expect(cashIn).toMatchObject({ lastAmount: 100_000, expectedDelta: 26_000, expectedAmount: 126_000, lastType: 'beginCheck' })
    const cashOut = (await as.made('cashboxLogs', { type: 'out', amount: -10_000 })) as Check
    expect(cashOut).toMatchObject({ expectedAmount: 116_000 })
    const middle = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 115_500 })) as Check
    expect(middle).toMatchObject({
      lastAmount: 100_000,
      lastType: 'beginCheck',
      lastDate: begin.date,
      startPeriod: begin.date,
      endPeriod: middle.date,
      expectedDelta: 16_000,
      expectedAmount: 116_000,
      diff: -500,
      delta: 15_500,
      summary: { orders: 2, paid: 7_500, refunded: -1_500 }
    })
    // The next period starts at the middle count: what was counted before is not counted again.
    await sell(3_000)
    const counted = [
      { value: 50_000, number: 2 },
      { value: 10_000, number: 1 },
      { value: 5_000, number: 1 },
      { value: 2_000, number: 1 },
      { value: 1_000, number: 1 },
      { value: 500, number: 1 }
    ]
    const end = (await as.made('cashboxLogs', { type: 'endCheck', amount: 118_500, details: counted })) as Check
    expect(end).toMatchObject({ lastAmount: 115_500, expectedAmount: 118_500, diff: 0, hasDetails: true })
    expect(end.summary).toEqual({ orders: 1, paid: 3_000, refunded: 0 })
    // Counted by denominations after a count without them: no per-denomination change to show.
    expect(end.details).toEqual(counted)
    // The next morning's count by denominations shows each one's change since the evening's.
    const next = (await as.made('cashboxLogs', { type: 'beginCheck', amount: 100_000, hasDetails: true, details })) as Check
    expect(next).toMatchObject({ lastType: 'endCheck', lastAmount: 118_500, expectedAmount: 118_500, diff: -18_500 })
    expect(next.details).toEqual([
      { value: 50_000, number: 1, delta: -1 },
      { value: 10_000, number: 5, delta: 4 }
    ])
  })

  it('lowers the expected amount by a cash refund', async () => {
    const { as, sell, refund } = await freshShop('Refund')
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 20_000 })
    const order = await sell(6_000)
    const before = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 26_000 })) as Check
    expect(before).toMatchObject({ expectedAmount: 26_000, diff: 0 })
    await refund(order, 2_000)
    const after = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 24_000 })) as Check
    expect(after).toMatchObject({
      expectedDelta: -2_000,
      expectedAmount: 24_000,
      diff: 0,
      summary: { orders: 1, paid: 0, refunded: -2_000 }
    })
  })

  it("gives a card sale back in cash from the named drawer when asked, and the card's own way otherwise", async () => {
    const { as, sell } = await freshShop('Cash back')
    const station = newObjectId()
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 10_000, cashier: station })
    const order = await sell(4_000, { method: 'credit' })
    const refund = (body: Record<string, unknown>) =>
      as.create('orders/refunds', { order: order._id, confirm: order.orderId, lines: [], ...body })
    // Refused whole, nothing written: a drawer named without cash, an unknown tender, a station that is no id.
    expect(await refund({ amount: 500, cashier: station })).toMatchObject(refused('cashier', 'format.invalid'))
    expect(await refund({ amount: 500, tender: 'voucher' })).toMatchObject(refused('tender', 'format.invalid'))
    expect(await refund({ amount: 500, tender: 'cash', cashier: 'till-1' })).toMatchObject(refused('cashier', 'format.invalid'))
    // A drawer that was never opened cannot pay out.
    expect(await refund({ amount: 500, tender: 'cash', cashier: newObjectId() })).toMatchObject(
      refused('cashier', 'pos.requiresCashCheck')
    )
    const inCash = (await as.made('orders/refunds', {
      order: order._id,
      confirm: order.orderId,
      lines: [],
      amount: 1_500,
      tender: 'cash',
      cashier: station
    })) as unknown as { payments: Record<string, unknown>[] }
    expect(inCash.payments).toEqual([
      expect.objectContaining({ method: 'cash', cashier: station, amount: -1_500, status: 'refunded' })
    ])
    const back = (await as.made('orders/refunds', {
      order: order._id,
      confirm: order.orderId,
      lines: [],
      amount: 500
    })) as unknown as {
      payments: Record<string, unknown>[]
    }
    expect(back.payments).toEqual([expect.objectContaining({ method: 'credit', amount: -500 })])
    // The drawer paid out the cash piece only; what is left to refund counts both pieces.
    const counted = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 8_500, cashier: station })) as Check
    expect(counted).toMatchObject({ expectedAmount: 8_500, diff: 0 })
    expect(await refund({ amount: 2_001, tender: 'cash', cashier: station })).toMatchObject(refused('amount', 'refund.overPaid'))
    const history = await as.get('orders/history', `&order=${order._id}&action=refund&$sort[date]=1`)
    expect(
      (history.body?.data as { detail: Record<string, unknown> }[]).map((event) => event.detail.tender ?? 'original')
    ).toEqual(['cash', 'original'])
  })

  it('no longer counts a cancelled check: not as the last count, nor as an in or out', async () => {
    const { as } = await freshShop('Cancelled')
    const begin = (await as.made('cashboxLogs', { type: 'beginCheck', amount: 10_000 })) as Check
    const cashIn = (await as.made('cashboxLogs', { type: 'in', amount: 5_000 })) as Check
    expect((await as.patch(`cashboxLogs/${cashIn._id}`, { status: 'cancelled' })).status).toBe(200)
    const middle = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 15_000 })) as Check
    expect(middle).toMatchObject({ lastAmount: 10_000, expectedAmount: 10_000, diff: 5_000 })
    expect((await as.patch(`cashboxLogs/${middle._id}`, { status: 'cancelled', comment: 'Miscounted' })).status).toBe(200)
    const recount = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 10_000 })) as Check
    expect(recount).toMatchObject({ lastAmount: 10_000, lastDate: begin.date, lastType: 'beginCheck', diff: 0 })
    const listed = await as.get('cashboxLogs', '&status=cancelled&$sort[date]=1')
    expect((listed.body?.data as Check[]).map((row) => row._id)).toEqual([cashIn._id, middle._id])
  })

  it("keeps a cashier's drawer apart: its payments only, while the shop's drawer takes them all", async () => {
    const { as, sell } = await freshShop('Drawers')
    const [x, y] = [newObjectId(), newObjectId()]
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 0 })
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 1_000, cashier: x })
    await sell(300, { cashier: x })
    await sell(400, { cashier: y })
    await sell(500)
    const xCount = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 1_300, cashier: x })) as Check
    expect(xCount).toMatchObject({ cashier: x, lastAmount: 1_000, expectedAmount: 1_300, diff: 0 })
    const shopCount = (await as.made('cashboxLogs', { type: 'middleCheck', amount: 1_200 })) as Check
    expect(shopCount).toMatchObject({ lastAmount: 0, expectedAmount: 1_200, diff: 0 })
    expect(shopCount.cashier).toBeUndefined()
  })

  it("puts the cash of an order taken by a cashier in that cashier's drawer, as the till sends it (order-level cashier)", async () => {
    const { as, orderBody } = await freshShop('Till drawer')
    const x = newObjectId()
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 1_000, cashier: x })
    // The till names its cashier on the order, not on each payment.
    const order = (await as.made('orders', { ...orderBody(300), cashier: x })) as { _id: string }
    const payments = (await as.get('payments', `&order=${order._id}`)).body?.data as { cashier: string | null }[]
    expect(payments.map((payment) => payment.cashier)).toEqual([x])
    const count = (await as.made('cashboxLogs', { type: 'endCheck', amount: 1_300, cashier: x })) as Check
    expect(count).toMatchObject({ cashier: x, lastAmount: 1_000, expectedAmount: 1_300, diff: 0 })
  })

  it("chains concurrent checks of one drawer: each one's last is the one before it", async () => {
    const { as } = await freshShop('Concurrent')
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 1_000 })
    const amounts = [1_100, 1_200, 1_300, 1_400, 1_500, 1_600, 1_700, 1_800]
    const answers = await Promise.all(
      amounts.map((amount, i) => as.create('cashboxLogs', i % 2 ? { type: 'in', amount } : { type: 'middleCheck', amount }))
    )
    expect(answers.map((answer) => answer.status)).toEqual(amounts.map(() => 201))
    const rows = (await as.get('cashboxLogs', '&$sort[date]=1&$limit=50')).body?.data as Check[]
    expect(rows).toHaveLength(amounts.length + 1)
    let last = rows[0]
    let running = last.amount
    for (const row of rows.slice(1)) {
      expect(Date.parse(row.date)).toBeGreaterThan(Date.parse(rows[rows.indexOf(row) - 1].date))
      expect(row).toMatchObject({ lastAmount: last.amount, lastDate: last.date })
      if (row.type === 'in') {
        running += row.amount
        expect(row.expectedAmount).toBe(running)
      } else {
        expect(row).toMatchObject({ expectedAmount: running, diff: row.amount - running })
        last = row
        running = row.amount
      }
    }
  })

  it('requires an open drawer before selling when the shop keeps a cashbox log (spec §4.8)', async () => {
    const { someone, as } = await freshShop('Selling')
    // As a sale calls it: inside the shop's transaction, behind the wall where there is one.
    const walled = await rowSecurityAvailable(t.db.knex)
    const sell = (cashier?: string) =>
      shopTransaction(t.db.knex, walled, someone.shopId, (trx) => requireOpenDrawer(trx, someone.shopId, cashier))
    const refusal = { data: { key: 'pos.requiresCashCheck', field: 'cashier' }, message: 'Requires Cash Check First' }
    // Without a till the cash goes into the shop's drawer: the refusal says where it is counted and names no field (decision 0153).
    const shopRefusal = { data: { key: 'cash.countShopDrawerFirst', drawer: 'shop' } }
    await expect(sell()).rejects.toMatchObject(shopRefusal)
    await expect(sell()).rejects.not.toMatchObject({ data: { field: expect.anything() } })
    await as.made('cashboxLogs', { type: 'in', amount: 5_000 })
    await expect(sell()).rejects.toMatchObject(shopRefusal)
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 5_000 })
    await expect(sell()).resolves.toBeUndefined()
    // A cashier never opened nor closed sells from the shop's drawer; one with a drawer of its own needs it open.
    const x = newObjectId()
    await expect(sell(x)).resolves.toBeUndefined()
    const closed = (await as.made('cashboxLogs', { type: 'endCheck', amount: 0, cashier: x })) as Check
    await expect(sell(x)).rejects.toMatchObject(refusal)
    await as.patch(`cashboxLogs/${closed._id}`, { status: 'cancelled' })
    await expect(sell(x)).resolves.toBeUndefined()
    const end = (await as.made('cashboxLogs', { type: 'endCheck', amount: 5_000 })) as Check
    await expect(sell()).rejects.toMatchObject(shopRefusal)
    await as.patch(`cashboxLogs/${end._id}`, { status: 'cancelled' })
    await expect(sell()).resolves.toBeUndefined()
    // A shop without the cashbox log sells without any check.
    await setShop(t, someone.shopId, { useCashboxLog: false })
    await t.db.knex('cashboxLogs').where({ shop: someone.shopId }).update({ status: 'cancelled' })
    await expect(sell()).resolves.toBeUndefined()
  })

  it('takes no cash at the counter until the drawer is counted open, and gives none back once it is closed', async () => {
    const { someone, as, sell, orderBody } = await freshShop('Counter')
    // Read from the table: the orders list's cached total does not follow orders made by the orders service.
    const orders = async () =>
      Number(((await t.db.knex('orders').where({ shop: someone.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
    // The back office's cash (no till named) goes into the shop's drawer.
    const closed = { status: 400, body: { data: { key: 'cash.countShopDrawerFirst', drawer: 'shop' } } }
    expect(await as.create('orders', orderBody(1_000))).toMatchObject(closed)
    expect(await orders()).toBe(0)
    // A card needs no drawer.
    await sell(1_000, { method: 'credit' })
    await as.made('cashboxLogs', { type: 'beginCheck', amount: 0 })
    const order = await sell(2_000)
    await as.made('cashboxLogs', { type: 'endCheck', amount: 2_000 })
    expect(await as.create('orders/refunds', { order: order._id, confirm: order.orderId, amount: 500, lines: [] })).toMatchObject(
      closed
    )
    expect(await orders()).toBe(2)
  })

  it('lets the POS keep the log, refuses a shop without it, and shows nothing to another shop', async () => {
    const cashier = await memberOf(t, owner, 'pos')
    const pos = client(t, { token: cashier.token, shopId: owner.shopId })
    const made = await check({ type: 'middleCheck', amount: 0 }, pos)
    expect(made.admin).toBe(cashier.userId)
    expect((await pos.get('cashboxLogs')).status).toBe(200)
    expect((await pos.patch(`cashboxLogs/${made._id}`, { status: 'cancelled' })).status).toBe(200)

    const without = await shopOwner(t.url, 'No log')
    const theirs = client(t, without)
    expect(await theirs.create('cashboxLogs', { type: 'beginCheck', amount: 0 })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.featureOff' } }
    })
    expect((await theirs.get('cashboxLogs')).status).toBe(403)

    const stranger = await shopOwner(t.url, 'Stranger')
    await setShop(t, stranger.shopId, { useCashboxLog: true })
    const strange = client(t, stranger)
    expect((await client(t, { token: stranger.token, shopId: owner.shopId }).get('cashboxLogs')).status).toBe(403)
    expect((await strange.get(`cashboxLogs/${made._id}`)).status).toBe(404)
    expect((await strange.patch(`cashboxLogs/${made._id}`, { comment: 'Mine now' })).status).toBe(404)
    expect(((await strange.get('cashboxLogs')).body?.data as Check[]).length).toBe(0)
  })
})
