import { call } from './inventory-api'
import { json } from './clients'
import type { TestApp } from './test-app'

type Owner = { token: string; shopId: string }
type Body = Record<string, unknown>

export const createOrder = (t: TestApp, owner: Owner, body: Body) =>
  call(t, owner, 'POST', 'orders', { source: 'admin', ...body })
export const pay = (t: TestApp, owner: Owner, body: Body) => call(t, owner, 'POST', 'payments', body)
export const refund = (t: TestApp, owner: Owner, body: Body) => call(t, owner, 'POST', 'orders/refunds', body)
export const patchOrder = (t: TestApp, owner: Owner, id: string, body: Body) => call(t, owner, 'PATCH', `orders/${id}`, body)
export const setShop = async (t: TestApp, owner: Owner, body: Body) => {
  const done = await json(`${t.url}/api/shops/${owner.shopId}`, {
    method: 'PATCH',
    token: owner.token,
    body: JSON.stringify(body)
  })
  if (done.status !== 200) throw new Error(`shop patch failed: ${JSON.stringify(done.body)}`)
  return done.body as Body
}

/** An order made to succeed: its body. */
export const madeOrder = async (t: TestApp, owner: Owner, body: Body) => {
  const made = await createOrder(t, owner, body)
  if (made.status !== 201) throw new Error(`order create failed: ${JSON.stringify(made.body)}`)
  return made.body as Body & { _id: string; orderId: string; total: number; status: string; products: Body[] }
}

/**
 * An order the server makes itself, as the storefront's checkout does: the `eshop` and `app` sources
 * are refused to outside callers (decision 0117).
 */
export const serverOrder = async (t: TestApp, owner: Owner, body: Body) =>
  (await t.app.service('orders').create(body as never, { shop: owner.shopId } as never)) as unknown as Body & {
    _id: string
    orderId: string
    total: number
  }

export const historyOf = async (t: TestApp, owner: Owner, order: string) =>
  (
    (await call(t, owner, 'GET', 'orders/history', undefined, `&order=${order}&$sort[date]=1&$sort[_id]=1`)).body as {
      data: Body[]
    }
  ).data

export const counts = async (t: TestApp, shop: string) => {
  const count = async (table: string) =>
    Number(((await t.db.knex(table).where({ shop }).count({ n: '*' })) as { n: string }[])[0].n)
  return { orders: await count('orders'), payments: await count('payments'), history: await count('orderHistory') }
}
