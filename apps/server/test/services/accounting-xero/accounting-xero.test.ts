import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { makeProduct } from '../../support/catalogue'
import { dialects } from '../../support/databases'
import { call, operate } from '../../support/inventory-api'
import { madeOrder, pay, refund } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'
import { startXeroDouble, type XeroDouble } from '../../support/xero-double'
import { syncShop } from '../../../src/domains/accounting/sync'
import { xeroProvider } from '../../../src/domains/accounting/xero-provider'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Status = {
  state: string
  organisation: string | null
  ready: boolean
  synced: number
  failed: number
  pending: number
  authorizeUrl?: string
}

describe.each(await dialects())('accounting/xero (%s)', (dialect) => {
  let t: TestApp
  let xero: XeroDouble
  let a: Owner
  let b: Owner
  let product: string
  let offset = 0
  const clock = { now: () => new Date(Date.now() + offset) }
  const answers: unknown[] = []
  const api = async (who: Owner, method: string, body?: unknown) => {
    const answer = await call(t, who, method, 'accounting/xero', body)
    answers.push(answer.body)
    return answer
  }
  const redirect = (who: Owner) => `http://127.0.0.1:5173/${who.shopId}/settings/xero/callback`
  /** What the browser does: Connect, the provider's page (approving at once), back at the callback. */
  const authorize = async (who: Owner) => {
    const started = await api(who, 'POST', { action: 'connect', redirectUri: redirect(who) })
    expect(started.status).toBe(201)
    const consent = await fetch((started.body as Status).authorizeUrl!, { redirect: 'manual' })
    const back = new URL(consent.headers.get('location')!)
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }
  }
  const connect = async (who: Owner) => api(who, 'POST', { action: 'callback', ...(await authorize(who)) })
  const deps = () => ({
    knex: t.db.knex,
    provider: xeroProvider({ clientId: xero.clientId, identityBase: xero.identityBase, apiBase: xero.apiBase }),
    now: clock.now
  })
  const paidOrder = async (who: Owner, quantity = 2) => {
    const order = await madeOrder(t, who, { products: [{ product, quantity }], payments: [] })
    expect((await pay(t, who, { order: order._id, method: 'credit', amount: order.total })).status).toBe(201)
    return order
  }
  const invoicesOf = (number: string) => xero.state.invoices.filter((doc) => doc.InvoiceNumber === number)

  beforeAll(async () => {
    xero = await startXeroDouble()
    t = await startTestApp(dialect, {
      clock,
      config: { xero: { clientId: xero.clientId, identityBase: xero.identityBase, apiBase: xero.apiBase } }
    })
    a = await shopOwner(t.url, 'Books A')
    b = await shopOwner(t.url, 'Books B')
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    product = await makeProduct(t, a, { price: 1250 })
    await operate(t, a, { mode: 'restock', warehouse: w, product, delta: 100 })
  })
  afterAll(async () => {
    await t?.close()
    await xero?.close()
  })

  it('refuses a state of another shop, a replayed one and an expired one', async () => {
    const foreign = await authorize(b)
    expect(await api(a, 'POST', { action: 'callback', ...foreign })).toMatchObject({
      status: 400,
      body: { data: { key: 'accounting.stateUnknown' } }
    })
    expect(await api(a, 'POST', { action: 'connect', redirectUri: redirect(b) })).toMatchObject({ status: 400 })
    const late = await authorize(a)
    offset = 11 * 60_000
    expect(await api(a, 'POST', { action: 'callback', ...late })).toMatchObject({
      status: 400,
      body: { data: { key: 'accounting.stateExpired' } }
    })
    offset = 0
    const once = await authorize(a)
    expect((await api(a, 'POST', { action: 'callback', ...once })).status).toBe(201)
    expect(await api(a, 'POST', { action: 'callback', ...once })).toMatchObject({
      status: 400,
      body: { data: { key: 'accounting.stateUsed' } }
    })
    expect((await api(a, 'GET')).body).toMatchObject({ state: 'connected', organisation: 'Harbour Tea Ltd', ready: false })
  })

  it('lists what to choose from the provider and pushes a paid order as one invoice with its payment', async () => {
    const options = (await api(a, 'POST', { action: 'options' })).body as {
      tenants: { id: string }[]
      salesAccounts: { code: string }[]
      bankAccounts: { id: string }[]
      contacts: { id: string }[]
    }
    expect(options.tenants).toEqual([{ id: xero.tenant.id, name: 'Harbour Tea Ltd' }])
    expect(options.salesAccounts.map((item) => item.code)).toEqual(['200', '260'])
    // An account the organisation does not have is refused before anything is pushed to it.
    expect(await api(a, 'POST', { action: 'choose', salesAccount: '999' })).toMatchObject({
      status: 400,
      body: { data: { field: 'salesAccount' } }
    })
    const chosen = await api(a, 'POST', {
      action: 'choose',
      salesAccount: '200',
      bankAccount: options.bankAccounts[0].id,
      defaultContact: options.contacts[0].id
    })
    expect(chosen.body).toMatchObject({ ready: true })
    const order = await paidOrder(a)
    await expect.poll(() => invoicesOf(order.orderId).length, PATIENCE).toBe(1)
    const [invoice] = invoicesOf(order.orderId)
    expect(invoice).toMatchObject({ Reference: order._id, Total: 25, LineAmountTypes: 'Inclusive', Status: 'AUTHORISED' })
    expect(invoice.LineItems).toEqual([
      expect.objectContaining({ AccountCode: '200', TaxType: 'NONE', Quantity: 2, UnitAmount: 12.5 })
    ])
    await expect.poll(() => invoicesOf(order.orderId)[0].AmountPaid, PATIENCE).toBe(25)
    await expect.poll(async () => ((await api(a, 'GET')).body as Status).synced, PATIENCE).toBeGreaterThanOrEqual(1)
  })

  it('makes one invoice however often and however concurrently it runs, even after a lost log write', async () => {
    const order = await paidOrder(a, 1)
    await Promise.all([syncShop(deps(), a.shopId), syncShop(deps(), a.shopId), syncShop(deps(), a.shopId)])
    await expect.poll(() => invoicesOf(order.orderId).length, PATIENCE).toBe(1)
    // The run that pushed died before writing `done`: the next one finds the invoice by its number.
    await t.db
      .knex('accountingSyncs')
      .where({ shop: a.shopId, record: order._id })
      .update({ status: 'pending', externalId: null })
    await syncShop(deps(), a.shopId)
    // This run or a job of the queue takes it again: either way it ends done, against the one invoice.
    const row = () => t.db.knex('accountingSyncs').where({ shop: a.shopId, record: order._id }).first()
    await expect.poll(async () => (await row()).status, PATIENCE).toBe('done')
    expect(invoicesOf(order.orderId)).toHaveLength(1)
    expect(xero.state.payments.filter((p) => p.Reference === order.orderId)).toHaveLength(1)
    expect(await row()).toMatchObject({ status: 'done', externalId: invoicesOf(order.orderId)[0].InvoiceID, amount: order.total })
  })

  it('books a refund as a credit note paid back from the bank account', async () => {
    const order = await paidOrder(a, 1)
    await expect.poll(() => invoicesOf(order.orderId).length, PATIENCE).toBe(1)
    expect((await refund(t, a, { order: order._id, confirm: order.orderId })).status).toBe(201)
    await expect
      .poll(
        () => xero.state.creditNotes.filter((doc) => String(doc.CreditNoteNumber).startsWith(`${order.orderId}-CN-`)).length,
        PATIENCE
      )
      .toBe(1)
    const note = xero.state.creditNotes.find((doc) => String(doc.CreditNoteNumber).startsWith(`${order.orderId}-CN-`))!
    expect(note).toMatchObject({ Type: 'ACCRECCREDIT', Total: 12.5 })
    await expect.poll(() => xero.state.creditNotes.find((doc) => doc === note)?.AmountPaid, PATIENCE).toBe(12.5)
  })

  it('pushes a company user as a contact once', async () => {
    const made = await call(t, a, 'POST', 'companyUsers', { name: 'Kowloon Traders', email: 'ap@kowloon.example.com' })
    expect(made.status).toBe(201)
    await syncShop(deps(), a.shopId)
    await syncShop(deps(), a.shopId)
    const id = (made.body as { _id: string })._id
    expect(xero.state.contacts.filter((c) => c.ContactNumber === id)).toEqual([
      expect.objectContaining({ Name: 'Kowloon Traders' })
    ])
  })

  it('waits out a 429 and refreshes an expired access token', async () => {
    xero.rateLimit(2)
    const limited = await paidOrder(a, 1)
    await expect.poll(() => invoicesOf(limited.orderId).length, PATIENCE).toBe(1)
    const refreshes = xero.state.tokenCalls.filter((call) => call.grant === 'refresh_token').length
    xero.expireAccessTokens()
    offset = 60 * 60_000
    const later = await paidOrder(a, 1)
    await expect.poll(() => invoicesOf(later.orderId).length, PATIENCE).toBe(1)
    offset = 0
    expect(xero.state.tokenCalls.filter((call) => call.grant === 'refresh_token').length).toBeGreaterThan(refreshes)
  })

  it('needs a reconnect when the provider revoked the tokens, and loses nothing meanwhile', async () => {
    xero.revokeAll()
    const order = await paidOrder(a, 1)
    await syncShop(deps(), a.shopId)
    // This run or the job the payment sent finds the tokens refused (whichever holds the record).
    await expect.poll(async () => ((await api(a, 'GET')).body as Status).state, PATIENCE).toBe('needsReconnect')
    expect(invoicesOf(order.orderId)).toHaveLength(0)
    expect(await t.db.knex('accountingSyncs').where({ shop: a.shopId, record: order._id }).first()).toMatchObject({
      status: 'pending'
    })
    expect((await connect(a)).body).toMatchObject({ state: 'connected', ready: true })
    await expect.poll(() => invoicesOf(order.orderId).length, PATIENCE).toBe(1)
  })

  it('disconnects and never answers a token', async () => {
    const secrets = (await t.db
      .knex('shopSecrets')
      .where({ shop: a.shopId })
      .whereIn('name', ['xeroAccessToken', 'xeroRefreshToken'])) as {
      value: string
    }[]
    expect(secrets).toHaveLength(2)
    for (const secret of secrets) expect(secret.value).toMatch(/^enc:/)
    expect((await api(a, 'POST', { action: 'disconnect' })).body).toMatchObject({ state: 'notConnected' })
    expect(
      await t.db.knex('shopSecrets').where({ shop: a.shopId }).whereIn('name', ['xeroAccessToken', 'xeroRefreshToken'])
    ).toEqual([])
    const said = JSON.stringify(answers)
    expect(xero.state.issued.length).toBeGreaterThan(4)
    for (const token of xero.state.issued) expect(said).not.toContain(token)
    expect(said).not.toMatch(/access_token|refresh_token|accessToken|refreshToken/)
  })
})
