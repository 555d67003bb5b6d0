import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { call, operate } from '../../support/inventory-api'
import { memberOf } from '../../support/catalogue-support'
import { call as socketCall, connect, json } from '../../support/clients'
import { createOrder, madeOrder, pay, refund, setShop } from '../../support/order-api'
import { POS_APPROVAL_TTL_MS } from '@emporia/shared'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Member = { token: string; shopId: string; userId: string }
type Body = Record<string, unknown>

/**
 * Manager approval at the till and staff PINs (decision 0135) over REST and socket, on both databases:
 * the PIN (set with the password, never answered, throttled), who may approve, spending an approval
 * once, fresh, by its cashier, for its action; a discount beyond the cashier's budget and a refund.
 */
describe.each(await dialects())('manager approval at the till (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let cashier: Member
  let other: Member
  let manager: Member
  let userLevel: Member
  let managerOfB: Member
  let tea: string
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { loginLimits: { account: 4, address: 50 } } })
    a = await shopOwner(t.url, 'Approvals A')
    b = await shopOwner(t.url, 'Approvals B')
    cashier = await memberOf(t, a, 'pos')
    other = await memberOf(t, a, 'pos')
    manager = await memberOf(t, a, 'pos')
    userLevel = await memberOf(t, a, 'user')
    managerOfB = await memberOf(t, b, 'admin')
    // The manager works the till at manager level (spec §6.2), set by the shop's admin.
    const row = (await t.db.knex('shopMembers').where({ shop: a.shopId, user: manager.userId }).first('_id')) as { _id: string }
    expect((await call(t, a, 'PATCH', `shop/staff/${row._id}`, { posAccess: 'manager' })).status).toBe(200)
    for (const who of [manager, userLevel, managerOfB]) expect((await setPin(who, '4321')).status).toBe(201)
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1000 })).body as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 10_000 })
  })
  afterAll(() => t.close())

  const setPin = (who: { token: string }, pin: string | null, password = 'secret-123') =>
    json(`${t.url}/api/users/staffPin`, { method: 'POST', token: who.token, body: JSON.stringify({ password, pin }) })
  const pinState = async (who: { token: string }) => (await json(`${t.url}/api/users/staffPin`, { token: who.token })).body
  const approve = (who: Member | Owner, body: Body) => call(t, who, 'POST', 'pos/approvals', body)
  const approved = async (who: Member, body: Body) => {
    const answer = await approve(who, { manager: manager.userId, pin: '4321', ...body })
    expect(answer.status).toBe(201)
    return (answer.body as { _id: string })._id
  }
  const clearThrottle = () => t.db.knex('authFailures').delete()

  it('sets, answers and clears a PIN with the current password; the hash never leaves', async () => {
    expect(await pinState(cashier)).toEqual({ hasPin: false })
    expect(await setPin(cashier, '12')).toMatchObject({ status: 400, body: { data: { key: 'pos.error.pinFormat' } } })
    expect(await setPin(cashier, '12ab')).toMatchObject({ status: 400, body: { data: { key: 'pos.error.pinFormat' } } })
    expect(await setPin(cashier, '123456789')).toMatchObject({ status: 400 })
    expect(await setPin(cashier, '2468', 'wrong-one')).toMatchObject({
      status: 400,
      body: { data: { key: 'errors.oldPassword' } }
    })
    expect(await pinState(cashier)).toEqual({ hasPin: false })
    expect(await setPin(cashier, '2468')).toMatchObject({ status: 201, body: { hasPin: true } })
    expect(await pinState(cashier)).toEqual({ hasPin: true })
    const stored = (await t.db.knex('staffPins').where({ user: cashier.userId }).first('hash')) as { hash: string }
    expect(stored.hash.startsWith('$argon2id$')).toBe(true)
    expect(stored.hash).not.toContain('2468')
    // Nothing about the PIN in the account as answered, nor in a sign-in.
    const me = await json(`${t.url}/api/users/${cashier.userId}`, { token: cashier.token })
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|staffPin|2468/)
    expect(await setPin(cashier, null)).toMatchObject({ status: 201, body: { hasPin: false } })
    expect(await pinState(cashier)).toEqual({ hasPin: false })
    expect((await json(`${t.url}/api/users/staffPin`)).status).toBe(401)
  })

  it('refuses another shop’s manager (404), a user-level member (403), oneself (400), a wrong PIN (403)', async () => {
    expect(await approve(cashier, { action: 'drawer', manager: managerOfB.userId, pin: '4321' })).toMatchObject({
      status: 404,
      body: { data: { key: 'pos.error.noSuchManager', field: 'manager' } }
    })
    expect(await approve(cashier, { action: 'drawer', manager: userLevel.userId, pin: '4321' })).toMatchObject({
      status: 403,
      body: { data: { key: 'pos.error.notManager' } }
    })
    expect(await approve(manager, { action: 'drawer', manager: manager.userId, pin: '4321' })).toMatchObject({
      status: 400,
      body: { data: { key: 'pos.error.approveOwn' } }
    })
    expect(await approve(cashier, { action: 'drawer', manager: manager.userId, pin: '0000' })).toMatchObject({
      status: 403,
      body: { data: { key: 'pos.error.pinRefused', field: 'pin' } }
    })
    expect(await approve(cashier, { action: 'sell', manager: manager.userId, pin: '4321' })).toMatchObject({ status: 400 })
    expect(await approve(cashier, { action: 'drawer', manager: manager.userId, pin: '4321', extra: 1 })).toMatchObject({
      status: 400,
      body: { data: { key: 'format.unknownField', field: 'extra' } }
    })
    // B's member cannot name A's manager in B (not B's member: 404), nor ask in A, a shop they are not in (403).
    expect(
      (await call(t, managerOfB, 'POST', 'pos/approvals', { action: 'drawer', manager: manager.userId, pin: '4321' })).status
    ).toBe(404)
    const inA = await json(`${t.url}/api/pos/approvals?shop=${a.shopId}`, {
      method: 'POST',
      token: managerOfB.token,
      body: JSON.stringify({ action: 'drawer', manager: manager.userId, pin: '4321' })
    })
    expect(inA.status).toBe(403)
    await clearThrottle()
  })

  it('records a drawer approval with both people, spent at once; approvals are never read, changed or removed', async () => {
    const id = await approved(cashier, { action: 'drawer' })
    const row = (await t.db.knex('posApprovals').where({ _id: id }).first()) as Body
    expect(row).toMatchObject({ shop: a.shopId, action: 'drawer', cashier: cashier.userId, manager: manager.userId })
    expect(row.usedAt).not.toBeNull()
    for (const [method, path] of [
      ['GET', 'pos/approvals'],
      ['GET', `pos/approvals/${id}`],
      ['PATCH', `pos/approvals/${id}`],
      ['PUT', `pos/approvals/${id}`],
      ['DELETE', `pos/approvals/${id}`]
    ])
      expect(
        `${method} ${(await call(t, a, method, path, method === 'GET' || method === 'DELETE' ? undefined : { usedAt: null })).status}`
      ).toBe(`${method} 405`)
    // The audit log names the cashier as the one who asked and the manager in its details (decision 0137).
    const logged = (await t.db.knex('auditLogs').where({ shop: a.shopId, action: 'approval.drawer', target: id }).first()) as Body
    expect(logged).toMatchObject({ area: 'pos', user: cashier.userId })
    expect(JSON.stringify(logged.details)).toContain(manager.userId)
  })

  it('throttles wrong PINs per manager account like logins (429), a right PIN included, and counts them', async () => {
    await clearThrottle()
    for (let i = 0; i < 4; i++)
      expect((await approve(cashier, { action: 'drawer', manager: manager.userId, pin: '9999' })).status).toBe(403)
    expect(await approve(cashier, { action: 'drawer', manager: manager.userId, pin: '4321' })).toMatchObject({
      status: 429,
      body: { data: { key: 'errors.tooManyAttempts' } }
    })
    // From another cashier too: the count is the manager's PIN's.
    expect((await approve(other, { action: 'drawer', manager: manager.userId, pin: '4321' })).status).toBe(429)
    expect(
      await t.db
        .knex('authFailures')
        .where({ key: `pin:user:${manager.userId}` })
        .count({ n: '*' })
    ).toEqual([{ n: expect.anything() }])
    await clearThrottle()
    expect((await approve(cashier, { action: 'drawer', manager: manager.userId, pin: '4321' })).status).toBe(201)
  })

  describe('a discount beyond the cashier’s budget', () => {
    const member = async (user: string) =>
      (await t.db.knex('shopMembers').where({ shop: a.shopId, user }).first('_id', 'monthlyUsedDiscount')) as {
        _id: string
        monthlyUsedDiscount: string | number
      }
    const sell = (who: Member, discount: number, extra: Body = {}) =>
      createOrder(t, who, { source: 'pos', products: [{ product: tea, quantity: 10 }], discount, ...extra })

    beforeAll(async () => {
      await setShop(t, a, { useDiscountLimit: true })
      for (const [user, limits] of [
        [cashier.userId, { maxDiscount: 100, monthlyDiscount: 1000 }],
        [other.userId, { maxDiscount: 100, monthlyDiscount: 1000 }],
        [manager.userId, { maxDiscount: 2000, monthlyDiscount: 3000 }]
      ] as const)
        expect((await call(t, a, 'PATCH', `shop/staff/${(await member(user))._id}`, limits)).status).toBe(200)
    })

    it('takes the manager’s limits and budget with a fresh approval, spent once by its own cashier', async () => {
      expect(await sell(cashier, 500)).toMatchObject({ status: 403, body: { data: { key: 'errors.needPermission' } } })
      const id = await approved(cashier, { action: 'discount', amount: 500 })
      // Another cashier cannot use it, nor can it stand for a refund.
      expect(await sell(other, 500, { approval: id })).toMatchObject({
        status: 400,
        body: { data: { key: 'pos.error.approvalInvalid', field: 'approval' } }
      })
      const cashierBefore = Number((await member(cashier.userId)).monthlyUsedDiscount)
      const managerBefore = Number((await member(manager.userId)).monthlyUsedDiscount)
      const made = await sell(cashier, 500, { approval: id })
      expect(made).toMatchObject({
        status: 201,
        body: { discount: 500, pricing: { manual: { amount: 500, admin: manager.userId, approvedBy: manager.userId } } }
      })
      // Counted to the manager's monthly budget, not the cashier's.
      expect(Number((await member(manager.userId)).monthlyUsedDiscount)).toBe(managerBefore + 500)
      expect(Number((await member(cashier.userId)).monthlyUsedDiscount)).toBe(cashierBefore)
      expect(await sell(cashier, 500, { approval: id })).toMatchObject({
        status: 400,
        body: { data: { key: 'pos.error.approvalInvalid' } }
      })
    })

    it('refuses beyond the manager’s own limits, and a stale, a drawer or another shop’s approval', async () => {
      const id = await approved(cashier, { action: 'discount' })
      expect(await sell(cashier, 2500, { approval: id })).toMatchObject({
        status: 403,
        body: { data: { key: 'errors.needPermission' } }
      })
      // The refusal rolled the order back with the approval: it is still unused.
      expect((await t.db.knex('posApprovals').where({ _id: id }).first('usedAt')) as Body).toEqual({ usedAt: null })
      await t.db
        .knex('posApprovals')
        .where({ _id: id })
        .update({ createdAt: new Date(Date.now() - POS_APPROVAL_TTL_MS - 1000) })
      expect(await sell(cashier, 500, { approval: id })).toMatchObject({
        status: 400,
        body: { data: { key: 'pos.error.approvalInvalid' } }
      })
      const drawer = await approved(cashier, { action: 'drawer' })
      expect((await sell(cashier, 500, { approval: drawer })).status).toBe(400)
      const fresh = await approved(cashier, { action: 'discount' })
      expect(
        await createOrder(
          t,
          { ...a, token: a.token },
          { source: 'pos', products: [{ product: tea, quantity: 1 }], discount: 10, approval: fresh }
        )
      ).toMatchObject({ status: 400 })
      // Another shop never finds it (the wall: the same answer as no approval at all).
      const inB = await createOrder(t, managerOfB as unknown as Owner, { source: 'pos', products: [], approval: fresh })
      expect(inB.status).toBe(400)
    })

    it('takes the approval over the socket too', async () => {
      const socket = await connect(t.url)
      onTestFinished(() => void socket.close())
      await socketCall(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: cashier.token })
      const given = await socketCall<{ _id: string; managerName: string }>(
        socket,
        'create',
        'pos/approvals',
        { action: 'discount', manager: manager.userId, pin: '4321' },
        { shop: a.shopId }
      )
      expect(given.managerName).toBeTruthy()
      const wrong = await socketCall(
        socket,
        'create',
        'pos/approvals',
        { action: 'discount', manager: manager.userId, pin: '1111' },
        { shop: a.shopId }
      ).catch((error: { code: number; data?: { key?: string } }) => error)
      expect(wrong).toMatchObject({ code: 403, data: { key: 'pos.error.pinRefused' } })
      const order = await socketCall<{ discount: number }>(
        socket,
        'create',
        'orders',
        { source: 'pos', products: [{ product: tea, quantity: 10 }], discount: 400, approval: given._id },
        { shop: a.shopId }
      )
      expect(order.discount).toBe(400)
      const again = await socketCall(
        socket,
        'create',
        'orders',
        { source: 'pos', products: [{ product: tea, quantity: 10 }], discount: 400, approval: given._id },
        { shop: a.shopId }
      ).catch((error: { code: number; data?: { key?: string } }) => error)
      expect(again).toMatchObject({ code: 400, data: { key: 'pos.error.approvalInvalid' } })
      await clearThrottle()
    })
  })

  describe('refunds when the shop says they need a manager', () => {
    const paidOrder = async () => {
      const order = await madeOrder(t, cashier, { source: 'pos', products: [{ product: tea, quantity: 1 }] })
      expect((await pay(t, a, { order: order._id, method: 'cash', amount: order.total })).status).toBe(201)
      return order
    }
    beforeAll(() => setShop(t, a, { posRefundNeedsManager: true }))

    it('refuses a user-level cashier without an approval, takes one (spent with the refund) and lets managers refund', async () => {
      const order = await paidOrder()
      expect(await refund(t, cashier, { order: order._id, confirm: order.orderId, amount: 100 })).toMatchObject({
        status: 403,
        body: { data: { key: 'pos.error.refundNeedsManager', field: 'approval' } }
      })
      // An approval for another order does not do.
      const elsewhere = await approved(cashier, { action: 'refund', order: (await paidOrder())._id })
      expect(
        (await refund(t, cashier, { order: order._id, confirm: order.orderId, amount: 100, approval: elsewhere })).status
      ).toBe(400)
      const id = await approved(cashier, { action: 'refund', order: order._id, amount: 100 })
      expect((await refund(t, cashier, { order: order._id, confirm: order.orderId, amount: 100, approval: id })).status).toBe(201)
      expect(((await t.db.knex('posApprovals').where({ _id: id }).first('usedAt')) as Body).usedAt).not.toBeNull()
      expect((await refund(t, cashier, { order: order._id, confirm: order.orderId, amount: 100, approval: id })).status).toBe(400)
      // The manager and the admin need none.
      expect((await refund(t, manager, { order: order._id, confirm: order.orderId, amount: 100 })).status).toBe(201)
      expect((await refund(t, a, { order: order._id, confirm: order.orderId, amount: 100 })).status).toBe(201)
      await setShop(t, a, { posRefundNeedsManager: false })
      expect((await refund(t, cashier, { order: order._id, confirm: order.orderId, amount: 100 })).status).toBe(201)
    })
  })
})
