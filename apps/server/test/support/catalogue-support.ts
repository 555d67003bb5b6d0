import { newObjectId } from '../../src/platform/http/object-id'
import { login, post, register, verifyEmail, type shopOwner } from './accounts'
import { json } from './clients'
import type { TestApp } from './test-app'

export type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

/** REST calls of one account in one shop: `path` may carry an id, `query` more parameters. */
export const client = (t: TestApp, who: { token: string; shopId: string }) => {
  const call = (method: string, path: string, body?: unknown, query = '') =>
    json(`${t.url}/api/${path}?shop=${who.shopId}${query}`, {
      method,
      token: who.token,
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  return {
    call,
    create: (path: string, body: unknown) => call('POST', path, body),
    patch: (path: string, body: unknown, query = '') => call('PATCH', path, body, query),
    update: (path: string, body: unknown) => call('PUT', path, body),
    get: (path: string, query = '') => call('GET', path, undefined, query),
    remove: (path: string) => call('DELETE', path),
    /** Creates and answers the record, failing the test on anything but 201. */
    made: async (path: string, body: unknown) => {
      const created = await call('POST', path, body)
      if (created.status !== 201) throw new Error(`create ${path} answered ${created.status}: ${JSON.stringify(created.body)}`)
      return created.body as Body & { _id: string }
    }
  }
}

/** A second account that the owner invites with a role and that accepts. */
export const memberOf = async (t: TestApp, owner: Owner, role: 'admin' | 'user' | 'pos') => {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`
  await register(t.url, { email })
  const { body } = await login(t.url, email, 'secret-123')
  const token = body?.accessToken as string
  // Only a verified account may take up an invitation (decision 0067).
  await verifyEmail(t.url, t.db.knex, email, token)
  const invite = await post(t.url, 'shop/staff', { email, role }, owner.token, `?shop=${owner.shopId}`)
  if (invite.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invite.body)}`)
  const pending = await json(`${t.url}/api/shop/invitations`, { token })
  const mine = (pending.body as unknown as { _id: string; shop: string }[]).find((i) => i.shop === owner.shopId)!
  await json(`${t.url}/api/shop/invitations/${mine._id}`, { method: 'PATCH', token, body: JSON.stringify({ accepted: true }) })
  return { token, shopId: owner.shopId, userId: (body?.user as { _id: string })._id }
}

/** Stock as the inventory ledger leaves it (the ledger itself is another service's). */
export const putStock = (t: TestApp, row: { shop: string; warehouse: string; product: string; sku?: string; quantity: number }) =>
  t.db.knex('stocks').insert({ _id: newObjectId(), sku: '', reserved: 0, ...row })

/** Turns shop features on directly (billing sets them in production) and drops the cached shop. */
export const setShop = async (t: TestApp, shopId: string, values: Body) => {
  const row: Body = {}
  for (const [key, value] of Object.entries(values))
    row[key] = typeof value === 'object' && value !== null ? JSON.stringify(value) : value
  await t.db.knex('shops').where({ _id: shopId }).update(row)
  t.app.service('shops').emit('patched', { _id: shopId })
}

export const keywordsOf = async (t: TestApp, id: string) =>
  ((await t.db.knex('products').where({ _id: id }).first('keywords')) as { keywords: string }).keywords
