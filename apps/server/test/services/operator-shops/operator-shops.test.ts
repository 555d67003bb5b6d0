import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorShopRow } from '@emporia/shared'
import { newObjectId } from '../../../src/platform/http/object-id'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { OPERATOR, account, act, get } from '../operator-actions/operator-support'

type Page = { total: number; limit: number; skip: number; data: OperatorShopRow[] }

/** Issue 30 item 6, decision 0131: every shop's plan and payments for the operator, and nothing the shop made. */
describe.each(await dialects())('operator shops (%s)', (dialect) => {
  let t: TestApp
  let operator: { token: string }
  let tag: string

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { operatorEmails: [OPERATOR] } })
    operator = await account(t, OPERATOR)
    tag = Math.random().toString(36).slice(2, 8)
  })
  afterAll(() => t.close())

  const list = async (query: string) => {
    const answer = await get(t, `operator/shops?${query}`, operator.token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as Page
  }

  it('refuses anyone but an operator (403 errors.notOperator) and a visitor (401)', async () => {
    const merchant = await shopOwner(t.url, 'Curious')
    expect(await get(t, 'operator/shops', merchant.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notOperator' } }
    })
    expect((await get(t, 'operator/shops')).status).toBe(401)
  })

  it('shows plan, state, dates, owner and payments, and no business data of the shop', async () => {
    const merchant = await shopOwner(t.url, `Tea ${tag}`)
    // The shop's own details (contact, location) are its business: none may show.
    await t.db.knex('shops').where({ _id: merchant.shopId }).update({ phone: '+852 5555 0000', location: 'Central' })
    const { data } = await list(`q=${tag}`)
    expect(data).toHaveLength(1)
    const [row] = data
    expect(Object.keys(row).sort()).toEqual(
      [
        '_id',
        'name',
        'subdomain',
        'owner',
        'plan',
        'state',
        'trialEnd',
        'contractEnd',
        'lastPayment',
        'monthlyRevenue',
        'createdAt'
      ].sort()
    )
    expect(row).toMatchObject({
      _id: merchant.shopId,
      name: `Tea ${tag}`,
      owner: merchant.email,
      state: 'trial',
      contractEnd: null,
      lastPayment: null,
      monthlyRevenue: 0
    })
    expect(new Date(row.trialEnd).getTime()).toBeGreaterThan(Date.now())
  })

  it('shows the last paid charge, and the monthly price only while a paid period runs (a grant earns nothing)', async () => {
    const merchant = await shopOwner(t.url, `Paid ${tag}`)
    expect((await act(t, operator.token, { action: 'grantPlan', shop: merchant.shopId, plan: 'pro', months: 12 })).status).toBe(
      201
    )
    const granted = (await list(`q=paid ${tag}`)).data[0]
    expect(granted).toMatchObject({ plan: 'pro', state: 'active', monthlyRevenue: 0, lastPayment: null })
    expect(granted.contractEnd).not.toBeNull()

    // A paid charge covering the contract, as a card payment leaves it (decision 0130).
    const { end } = await t.db.knex('shopSubscriptions').where({ shop: merchant.shopId }).first()
    const paidAt = new Date(Date.now() - 60_000)
    const charge = (amount: number, at: Date, status = 'paid') => ({
      _id: newObjectId(),
      shop: merchant.shopId,
      kind: 'contract',
      plan: 'pro',
      amount,
      status,
      periodStart: at,
      periodEnd: end,
      paidAt: status === 'paid' ? at : null
    })
    await t.db.knex('billingCharges').insert(charge(100, new Date(Date.now() - 3_600_000)))
    await t.db.knex('billingCharges').insert(charge(477_600, paidAt))
    await t.db.knex('billingCharges').insert(charge(999, new Date(), 'failed'))
    const paid = (await list(`q=paid ${tag}`)).data[0]
    expect(paid.lastPayment).toEqual({ amount: 477_600, paidAt: paidAt.toISOString() })
    expect(paid.monthlyRevenue).toBe(39_800)
  })

  it('finds by name, subdomain or owner e-mail whatever the case, and filters by state', async () => {
    const first = await shopOwner(t.url, `Alpha ${tag}`)
    const second = await shopOwner(t.url, `Beta ${tag}`)
    const { subdomain } = await t.db.knex('shops').where({ _id: second.shopId }).first()
    expect((await list(`q=ALPHA ${tag.toUpperCase()}`)).data.map((row) => row._id)).toEqual([first.shopId])
    expect((await list(`q=${subdomain.toUpperCase()}`)).data.map((row) => row._id)).toEqual([second.shopId])
    expect((await list(`q=${first.email.toUpperCase()}`)).data.map((row) => row._id)).toEqual([first.shopId])
    // A search text is text, not a pattern.
    expect((await list('q=%25')).total).toBe(0)

    await t.db.knex('shopSubscriptions').where({ shop: first.shopId }).update({ state: 'lapsed' })
    const lapsed = await list(`state=lapsed&q=${tag}`)
    expect(lapsed.data.map((row) => row._id)).toEqual([first.shopId])
    expect((await list(`state=trial&q=${tag}`)).data.map((row) => row._id)).toContain(second.shopId)
    expect((await get(t, 'operator/shops?state=gone', operator.token)).body).toMatchObject({ data: { field: 'state' } })
    expect((await get(t, 'operator/shops?orders=1', operator.token)).status).toBe(400)
  })

  it('pages newest first', async () => {
    const older = await shopOwner(t.url, `Page ${tag}`)
    const newer = await shopOwner(t.url, `Page ${tag}`)
    const first = await list(`q=page ${tag}&$limit=1`)
    expect(first).toMatchObject({ total: 2, limit: 1, skip: 0 })
    expect(first.data.map((row) => row._id)).toEqual([newer.shopId])
    expect((await list(`q=page ${tag}&$limit=1&$skip=1`)).data.map((row) => row._id)).toEqual([older.shopId])
  })
})
