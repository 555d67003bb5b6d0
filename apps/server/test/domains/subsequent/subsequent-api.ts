import { setShop } from '../../support/catalogue-support'
import { call } from '../../support/inventory-api'
import { shopOwner } from '../../support/accounts'
import type { TestApp } from '../../support/test-app'

export type Owner = { token: string; shopId: string; userId?: string }
type Body = Record<string, unknown>
export type Answer = Awaited<ReturnType<typeof call>>

/** A shop with subsequent payments switched on (billing does it in production), and its first warehouse. */
export const b2bShop = async (t: TestApp, name: string, values: Body = {}) => {
  const owner = await shopOwner(t.url, name)
  await setShop(t, owner.shopId, { attributes: { subsequentPayment: true }, ...values })
  const warehouse = ((await t.db.knex('warehouses').where({ shop: owner.shopId }).first('_id')) as { _id: string })._id
  return { ...owner, warehouse }
}

export const made = async (answer: Promise<Answer>) => {
  const done = await answer
  if (done.status !== 201) throw new Error(`create answered ${done.status}: ${JSON.stringify(done.body)}`)
  return done.body as Body & { _id: string }
}

export const product = (t: TestApp, owner: Owner, body: Body = {}) =>
  made(call(t, owner, 'POST', 'products', { name: 'Tea', price: 1250, ...body })).then((p) => p._id)

export const company = (t: TestApp, owner: Owner, body: Body = {}) =>
  made(
    call(t, owner, 'POST', 'companyUsers', {
      name: 'Acme Ltd',
      subsequentPaymentLimit: 100_000,
      subsequentPaymentPeriod: 30,
      ...body
    })
  )

export const companyOf = async (t: TestApp, owner: Owner, id: string) =>
  (await call(t, owner, 'GET', `companyUsers/${id}`)).body as Body & { outstanding?: number; payable?: number }

export type Kind = 'bulkOrders' | 'purchasingOrders'
export const createOrder = (t: TestApp, owner: Owner, kind: Kind, body: Body) => call(t, owner, 'POST', kind, body)
export const patchOrder = (t: TestApp, owner: Owner, kind: Kind, id: string, body: unknown) =>
  call(t, owner, 'PATCH', `${kind}/${id}`, body)
export const status = (t: TestApp, owner: Owner, kind: Kind, body: Body) =>
  made(call(t, owner, 'POST', kind === 'bulkOrders' ? 'bulkOrderStatuses' : 'purchasingOrderStatuses', body))

/** The answer's refusal: status, translation key and field. */
export const refusal = (answer: Answer) => {
  const data = (answer.body?.data ?? {}) as { key?: string; field?: string }
  return { status: answer.status, key: data.key, field: data.field }
}

export const logOf = (t: TestApp, order: string) =>
  t.db.knex('subsequentOrderLog').where({ order }).orderBy('date').orderBy('_id') as Promise<Body[]>
