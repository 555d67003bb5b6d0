import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { memberOf } from '../../support/catalogue-support'
import { call as socketCall, connect, json } from '../../support/clients'
import { createOrder, setShop } from '../../support/order-api'
import { POS_SERVE_TTL_MS } from '@emporia/shared'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Member = { token: string; shopId: string; userId: string }
type Body = Record<string, unknown>

/**
 * Switching who serves at a till by PIN (decision 0135), on both databases: the signed-in account hands
 * the till to a colleague, who types their own PIN (throttled as managers' are); the `serve` id sent
 * with a counter order makes that colleague its taker (`admin`) and puts its manual discount on their
 * limits and budget, over REST and socket alike. The signed-in session never changes.
 */
describe.each(await dialects())('switching cashier at the till (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let clerk: Member
  let other: Member
  let memberOfB: Member
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { loginLimits: { account: 4, address: 50 } } })
    a = await shopOwner(t.url, 'Serve A')
    b = await shopOwner(t.url, 'Serve B')
    clerk = await memberOf(t, a, 'pos')
    other = await memberOf(t, a, 'pos')
    memberOfB = await memberOf(t, b, 'pos')
    for (const who of [clerk, memberOfB]) expect((await setPin(who, '2580')).status).toBe(201)
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 10_000 })
  })
  afterAll(() => t.close())

  const setPin = (who: { token: string }, pin: string) =>
    json(`${t.url}/api/users/staffPin`, {
      method: 'POST',
      token: who.token,
      body: JSON.stringify({ password: 'secret-123', pin })
    })
  const serve = (who: Member | Owner, body: Body) => call(t, who, 'POST', 'pos/approvals', { action: 'serve', ...body })
  const served = async (who: Member | Owner = a) => {
    const answer = await serve(who, { manager: clerk.userId, pin: '2580' })
    expect(answer.status).toBe(201)
    return answer.body as { _id: string; managerName: string }
  }
  const sell = (who: Member | Owner, extra: Body = {}) =>
    createOrder(t, who, { source: 'pos', products: [{ product: tea, quantity: 1 }], ...extra })
  const clearThrottle = () => t.db.knex('authFailures').delete()
  const used = async (user: string) =>
    Number(
      (
        (await t.db.knex('shopMembers').where({ shop: a.shopId, user }).first('monthlyUsedDiscount')) as {
          monthlyUsedDiscount: unknown
        }
      ).monthlyUsedDiscount
    )

  it('hands the till to a member with their PIN, recorded with both names; the order is theirs', async () => {
    const given = await served()
    expect(given.managerName).toBeTruthy()
    const row = (await t.db.knex('posApprovals').where({ _id: given._id }).first()) as Body
    expect(row).toMatchObject({ shop: a.shopId, action: 'serve', cashier: a.userId, manager: clerk.userId, usedAt: null })
    const logged = (await t.db
      .knex('auditLogs')
      .where({ shop: a.shopId, action: 'approval.serve', target: given._id })
      .first()) as Body
    expect(logged).toMatchObject({ area: 'pos', user: a.userId, targetName: given.managerName })
    // Reused for every order of the shift: not spent.
    for (let i = 0; i < 2; i++)
      expect(await sell(a, { clerk: given._id })).toMatchObject({ status: 201, body: { admin: clerk.userId } })
    // Without it, the signed-in account takes the order as before.
    expect(await sell(a)).toMatchObject({ status: 201, body: { admin: a.userId } })
  })

  it('refuses a wrong PIN (403, counted, then 429), oneself (400), another shop’s member (404), a member without a PIN', async () => {
    await clearThrottle()
    expect(await serve(a, { manager: a.userId, pin: '2580' })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.serveOwn' } }
    })
    expect(await serve(a, { manager: memberOfB.userId, pin: '2580' })).toMatchObject({
      status: 404,
      body: { data: { key: 'pos.error.noSuchStaff', field: 'manager' } }
    })
    expect(await serve(a, { manager: other.userId, pin: '2580' })).toMatchObject({
      status: 403,
      body: { data: { key: 'pos.error.pinRefused' } }
    })
    for (let i = 0; i < 4; i++) expect((await serve(a, { manager: clerk.userId, pin: '0000' })).status).toBe(403)
    expect(await serve(a, { manager: clerk.userId, pin: '2580' })).toMatchObject({
      status: 429,
      body: { data: { key: 'errors.tooManyAttempts' } }
    })
    expect(
      await t.db.knex('posApprovals').where({ shop: a.shopId, action: 'serve', manager: other.userId }).first()
    ).toBeUndefined()
    await clearThrottle()
  })

  it('refuses an expired id, another account’s, another shop’s, a wrong id and one sent with a back-office order', async () => {
    const mine = await served()
    // Another account of the same shop cannot send it.
    expect(await sell(other, { clerk: mine._id })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.clerkInvalid', field: 'clerk' } }
    })
    // Another shop never finds it.
    expect(await sell(memberOfB, { clerk: mine._id })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.clerkInvalid' } }
    })
    expect(await sell(a, { clerk: 'not-an-id' })).toMatchObject({ status: 400, body: { data: { field: 'clerk' } } })
    expect(await createOrder(t, a, { products: [{ product: tea, quantity: 1 }], clerk: mine._id })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.clerkInvalid' } }
    })
    // Another action's approval is not a serve id.
    const changed = await served()
    await t.db.knex('posApprovals').where({ _id: changed._id }).update({ action: 'drawer' })
    expect(await sell(a, { clerk: changed._id })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.clerkInvalid' } }
    })
    await t.db
      .knex('posApprovals')
      .where({ _id: mine._id })
      .update({ createdAt: new Date(Date.now() - POS_SERVE_TTL_MS - 1000) })
    expect(await sell(a, { clerk: mine._id })).toMatchObject({ status: 400, body: { data: { key: 'pos.error.clerkInvalid' } } })
    // A member who left the shop serves no more.
    const fresh = await served()
    await t.db.knex('shopMembers').where({ shop: a.shopId, user: clerk.userId }).update({ accepted: false })
    onTestFinished(() => t.db.knex('shopMembers').where({ shop: a.shopId, user: clerk.userId }).update({ accepted: true }))
    expect((await sell(a, { clerk: fresh._id })).status).toBe(400)
  })

  it('puts a manual discount on the colleague’s limits and budget, not the signed-in account’s', async () => {
    await setShop(t, a, { useDiscountLimit: true })
    const staffRow = async (user: string) =>
      ((await t.db.knex('shopMembers').where({ shop: a.shopId, user }).first('_id')) as { _id: string })._id
    expect(
      (await call(t, a, 'PATCH', `shop/staff/${await staffRow(clerk.userId)}`, { maxDiscount: 100, monthlyDiscount: 1000 }))
        .status
    ).toBe(200)
    const given = await served()
    expect(await sell(a, { clerk: given._id, discount: 500 })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.needPermission' } }
    })
    const before = await used(clerk.userId)
    expect(await sell(a, { clerk: given._id, discount: 80 })).toMatchObject({
      status: 201,
      body: { discount: 80, admin: clerk.userId, pricing: { manual: { amount: 80, admin: clerk.userId } } }
    })
    expect(await used(clerk.userId)).toBe(before + 80)
  })

  it('takes the switch and the id over the socket too', async () => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const wrong = await socketCall(
      socket,
      'create',
      'pos/approvals',
      { action: 'serve', manager: clerk.userId, pin: '1111' },
      { shop: a.shopId }
    ).catch((error: { code: number; data?: { key?: string } }) => error)
    expect(wrong).toMatchObject({ code: 403, data: { key: 'pos.error.pinRefused' } })
    const given = await socketCall<{ _id: string }>(
      socket,
      'create',
      'pos/approvals',
      { action: 'serve', manager: clerk.userId, pin: '2580' },
      { shop: a.shopId }
    )
    const order = await socketCall<{ admin: string }>(
      socket,
      'create',
      'orders',
      { source: 'pos', products: [{ product: tea, quantity: 1 }], clerk: given._id },
      { shop: a.shopId }
    )
    expect(order.admin).toBe(clerk.userId)
    await t.db
      .knex('posApprovals')
      .where({ _id: given._id })
      .update({ createdAt: new Date(Date.now() - POS_SERVE_TTL_MS - 1000) })
    const stale = await socketCall(
      socket,
      'create',
      'orders',
      { source: 'pos', products: [{ product: tea, quantity: 1 }], clerk: given._id },
      { shop: a.shopId }
    ).catch((error: { code: number; data?: { key?: string } }) => error)
    expect(stale).toMatchObject({ code: 400, data: { key: 'pos.error.clerkInvalid' } })
    await clearThrottle()
  })
})
