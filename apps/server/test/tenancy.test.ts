import type { Socket } from 'socket.io-client'
import { getServiceOptions } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { serviceRules } from '@emporia/shared'
import { shopOwner } from './support/accounts'
import { call, connect, json } from './support/clients'
import { dialects } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'
import { tinyPng, uploadAs } from './support/uploads'

/**
 * The wall between shops (ARCHITECTURE §3.2): every registered service is classified here, and
 * every shop-scoped one is walked method by method over REST and socket. A new service that is
 * not classified fails the first test; a shop-scoped one without sample data fails the walk.
 */
const NOT_SHOP_SCOPED: Record<string, 'public' | 'own account' | 'own shops'> = {
  health: 'public',
  features: 'public',
  authentication: 'public',
  'users/reset': 'public',
  users: 'own account',
  'users/verify': 'own account',
  'users/resend': 'own account',
  'users/changePassword': 'own account',
  'shop/invitations': 'own account',
  shops: 'own shops',
  // Issues upload tokens through scope-to-shop with the attachments rule; it stores nothing.
  'attachments/token': 'own shops',
  // Streams a list through that list's own service with the caller's identity (tenancy applies there).
  export: 'own account'
}

/** Valid data for each shop-scoped service (a new one must add its line). */
const SAMPLES: Record<string, () => Record<string, unknown>> = {
  'shop/members': () => ({ email: `m${Math.random().toString(36).slice(2)}@example.com`, role: 'pos' }),
  subShops: () => ({ email: `s${Math.random().toString(36).slice(2)}@example.com`, name: 'Branch' }),
  categories: () => ({ name: { en: 'Tea', cht: '茶' }, order: 1 }),
  brands: () => ({ name: 'Leaf & Co' }),
  warehouses: () => ({ name: 'Kwun Tong' }),
  attachments: () => ({ name: 'photo.png' })
}
const PATCHES: Record<string, Record<string, unknown>> = {
  'shop/members': { name: 'Renamed' },
  subShops: { name: 'Renamed' },
  categories: { name: 'Renamed' },
  brands: { name: 'Renamed' },
  warehouses: { name: 'Renamed' },
  attachments: { name: 'Renamed' }
}

type Owner = Awaited<ReturnType<typeof shopOwner>>
/** Services whose records are not made by `create` (attachments are uploaded); answers the new id. */
const MAKERS: Record<string, (base: string, owner: Owner) => Promise<string>> = {
  attachments: (base, owner) => uploadAs(base, owner, tinyPng())
}
const METHODS = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
type Method = (typeof METHODS)[number]

describe.each(await dialects())('tenancy matrix (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  const recordOfB: Record<string, string> = {}
  let shopPaths: string[] = []

  beforeAll(async () => {
    t = await startTestApp(dialect)
    shopPaths = Object.keys(serviceRules).filter((path) => path in t.app.services && SAMPLES[path])
    a = await shopOwner(t.url, 'Tenant A')
    b = await shopOwner(t.url, 'Tenant B')
    for (const id of [a.shopId, b.shopId]) await t.db.knex('shops').where({ _id: id }).update({ useSubShop: true })
    t.app.service('shops').emit('patched', { _id: a.shopId })
    t.app.service('shops').emit('patched', { _id: b.shopId })
    for (const path of shopPaths) {
      if (MAKERS[path]) {
        recordOfB[path] = await MAKERS[path](t.url, b)
        continue
      }
      const created = await json(`${t.url}/api/${path}?shop=${b.shopId}`, {
        method: 'POST',
        token: b.token,
        body: JSON.stringify(SAMPLES[path]())
      })
      expect(created.status).toBe(201)
      recordOfB[path] = (created.body as { _id: string })._id
    }
  })
  afterAll(() => t.close())

  it('classifies every registered service', () => {
    const unclassified = Object.keys(t.app.services).filter((path) => !(path in NOT_SHOP_SCOPED) && !(path in serviceRules))
    expect(unclassified).toEqual([])
    // Every rule of the permission table is a service, and every one of them is walked below.
    expect(Object.keys(serviceRules).filter((path) => !(path in t.app.services))).toEqual([])
    expect(Object.keys(serviceRules).filter((path) => !SAMPLES[path])).toEqual([])
    expect(shopPaths.length).toBeGreaterThan(0)
  })

  const methodsOf = (path: string) => new Set(getServiceOptions(t.app.service(path)).methods)

  const rest = (method: Method, path: string, shop: string | undefined, token: string | undefined, id?: string) => {
    const verb = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }[method]
    const withId = method === 'find' || method === 'create' ? '' : `/${id}`
    const query = shop ? `?shop=${shop}` : ''
    const data =
      method === 'update'
        ? SAMPLES[path]()
        : method === 'patch'
          ? PATCHES[path]
          : method === 'create'
            ? SAMPLES[path]()
            : undefined
    return json(`${t.url}/api/${path}${withId}${query}`, { method: verb, token, body: data ? JSON.stringify(data) : undefined })
  }

  const viaSocket = async (socket: Socket, method: Method, path: string, shop: string, id: string) => {
    const query = { shop }
    const args: Record<Method, unknown[]> = {
      find: [query],
      get: [id, query],
      create: [SAMPLES[path](), query],
      update: [id, SAMPLES[path](), query],
      patch: [id, PATCHES[path], query],
      remove: [id, query]
    }
    // socket.io has no handler at all for a method no service offers: the call is never answered.
    const unanswered = new Promise<string>((resolve) => setTimeout(() => resolve('unanswered'), 500))
    try {
      return await Promise.race([call(socket, method, path, ...args[method]).then(() => 200), unanswered])
    } catch (error) {
      return (error as { code: number }).code
    }
  }
  const offeredAnywhere = (method: string) =>
    Object.keys(t.app.services).some((path) => getServiceOptions(t.app.service(path)).methods?.includes(method))

  it('refuses every method on another shop, over REST and socket, and leaves its records untouched', async () => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const outcomes: string[] = []
    for (const path of shopPaths) {
      const allowed = methodsOf(path)
      for (const method of METHODS) {
        const id = recordOfB[path]
        const restStatus = (await rest(method, path, b.shopId, a.token, id)).status
        const socketStatus = await viaSocket(socket, method, path, b.shopId, id)
        const expected = allowed.has(method) ? 403 : 405
        const expectedSocket = allowed.has(method) || offeredAnywhere(method) ? expected : 'unanswered'
        outcomes.push(`${path} ${method} rest=${restStatus} socket=${socketStatus}`)
        expect(`${path} ${method} rest=${restStatus} socket=${socketStatus}`).toBe(
          `${path} ${method} rest=${expected} socket=${expectedSocket}`
        )
      }
    }
    socket.close()
    expect(outcomes.length).toBe(shopPaths.length * METHODS.length)
    for (const path of shopPaths) {
      const still = await json(`${t.url}/api/${path}/${recordOfB[path]}?shop=${b.shopId}`, { token: b.token })
      expect(still).toMatchObject({ status: 200, body: { _id: recordOfB[path], shop: b.shopId } })
      expect(still.body).not.toHaveProperty('name', 'Renamed')
    }
  })

  it("cannot reach another shop's record through its own shop, and needs a shop and a sign-in", async () => {
    for (const path of shopPaths) {
      const allowed = methodsOf(path)
      for (const method of ['get', 'patch', 'update', 'remove'] as const) {
        if (!allowed.has(method)) continue
        expect(`${path} ${method} ${(await rest(method, path, a.shopId, a.token, recordOfB[path])).status}`).toBe(
          `${path} ${method} 404`
        )
      }
      const list = await rest('find', path, a.shopId, a.token)
      expect((list.body?.data as { shop: string }[]).every((record) => record.shop === a.shopId)).toBe(true)
      expect(`${path} ${(await rest('find', path, undefined, a.token)).status}`).toBe(`${path} 400`)
      expect(`${path} ${(await rest('find', path, a.shopId, undefined)).status}`).toBe(`${path} 401`)
    }
  })

  it("never delivers another shop's events, while the shop's own admin hears them", async () => {
    const [spy, witness] = await Promise.all([connect(t.url), connect(t.url)])
    onTestFinished(() => void [spy, witness].forEach((socket) => socket.close()))
    await call(spy, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    await call(witness, 'create', 'authentication', { strategy: 'jwt', accessToken: b.token })
    const leaked: string[] = []
    const witnessed: string[] = []
    for (const path of [...shopPaths, 'shops', 'users']) {
      for (const event of ['created', 'updated', 'patched', 'removed']) {
        spy.on(`${path} ${event}`, (data: { shop?: string; _id?: string }) => {
          if (data.shop === b.shopId || data._id === b.shopId || data._id === b.userId) leaked.push(`${path} ${event}`)
        })
        witness.on(`${path} ${event}`, () => witnessed.push(`${path} ${event}`))
      }
    }
    for (const path of shopPaths) {
      const id = MAKERS[path]
        ? await MAKERS[path](t.url, b)
        : ((await rest('create', path, b.shopId, b.token)).body as { _id: string })._id
      await json(`${t.url}/api/${path}/${id}?shop=${b.shopId}`, {
        method: 'PATCH',
        token: b.token,
        body: JSON.stringify(PATCHES[path])
      })
      await json(`${t.url}/api/${path}/${id}?shop=${b.shopId}`, { method: 'DELETE', token: b.token })
    }
    await json(`${t.url}/api/shops/${b.shopId}`, { method: 'PATCH', token: b.token, body: JSON.stringify({ phone: '123' }) })
    await json(`${t.url}/api/users/${b.userId}`, { method: 'PATCH', token: b.token, body: JSON.stringify({ firstName: 'B' }) })
    await new Promise((resolve) => setTimeout(resolve, 300))
    spy.close()
    witness.close()
    expect(leaked).toEqual([])
    for (const path of shopPaths)
      expect(witnessed).toEqual(expect.arrayContaining([`${path} created`, `${path} patched`, `${path} removed`]))
    expect(witnessed).toEqual(expect.arrayContaining(['shops patched', 'users patched']))
  })
})
