import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { impliedRoles } from '@emporia/shared'
import { newObjectId } from '../../../src/platform/http/object-id'
import { client, memberOf, setShop, type Owner } from '../../support/catalogue-support'
import { deviceToken, makeDevice, type Device } from '../../support/cashiers-device'
import { shopOwner } from '../../support/accounts'
import { putOnPlan } from '../../support/billing-support'
import { call, connect, json, signUp } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Cashier = Record<string, unknown> & { _id: string; id: string }
const PATH = 'shop/cashiers'

/** Cashier stations and their binding to devices (spec §3.12, §4.7, §7.4, §7.5; decision 0095). */
describe.each(await dialects())('cashier stations (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  let serial = 0
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await posShop('Stations')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  const posShop = async (name: string) => {
    const someone = await shopOwner(t.url, name)
    await setShop(t, someone.shopId, { attributes: { pos: true } })
    return someone
  }
  const station = async (body: Record<string, unknown> = {}, as = api) =>
    (await as.made(PATH, { id: `T${++serial}`, name: `Till ${serial}`, ...body })) as Cashier
  const stored = async (id: string) => (await api.get(`${PATH}/${id}`)).body as Cashier
  const refused = (status: number, key: string, field: string) => ({ status, body: { data: { key, field } } })
  const bind = (cashier: Cashier, device: Device, token: string, as = api) =>
    as.patch(`${PATH}/${cashier._id}`, { deviceId: device.kid, deviceToken: token })

  it('creates, lists (paged, unpaged, by device), reads and patches a station; never replaces nor removes one', async () => {
    const made = await station({ fontScale: 2, cashDrawer: 'cash', allowAnonymous: true })
    expect(made).toMatchObject({ shop: owner.shopId, fontScale: 2, cashDrawer: 'cash' })
    expect(made).not.toHaveProperty('deviceId')
    const all = await api.get(PATH, '&$paginate=false')
    expect(Array.isArray(all.body)).toBe(true)
    expect((all.body as unknown as Cashier[]).map((row) => row._id)).toContain(made._id)
    const paged = await api.get(PATH)
    expect(paged.body).toMatchObject({ total: expect.any(Number), data: expect.any(Array) })
    const patched = await api.patch(`${PATH}/${made._id}`, { name: 'Front', remoteFontScale: -10 })
    expect(patched).toMatchObject({ status: 200, body: { name: 'Front', remoteFontScale: -10, fontScale: 2 } })
    expect((await api.update(`${PATH}/${made._id}`, { id: made.id, name: 'X' })).status).toBe(405)
    expect((await api.remove(`${PATH}/${made._id}`)).status).toBe(405)
    expect(await stored(made._id)).toMatchObject({ name: 'Front' })
    // The schema's limits (§9.7 font scale steps) and unknown fields.
    expect((await api.patch(`${PATH}/${made._id}`, { fontScale: 11 })).status).toBe(400)
    expect((await api.patch(`${PATH}/${made._id}`, { fontScale: 1.5 })).status).toBe(400)
    expect((await api.create(PATH, { id: 'bad id', name: 'X' })).status).toBe(400)
    expect((await api.create(PATH, { id: 'ok', name: 'X', colour: 'red' })).status).toBe(400)
    expect((await api.create(PATH, [{ id: 'A1', name: 'X' }])).status).toBe(400)
  })

  it('keeps the customer display the till sends, validated by its schema', async () => {
    const made = await station()
    const display = {
      state: 'order',
      lines: [{ name: 'Tea', quantity: 2, price: '$10.00', total: '$20.00' }],
      total: '$20.00',
      at: new Date().toISOString()
    }
    expect(await api.patch(`${PATH}/${made._id}`, { display })).toMatchObject({ status: 200, body: { display } })
    expect((await api.patch(`${PATH}/${made._id}`, { display: { state: 'dancing', lines: [], at: display.at } })).status).toBe(
      400
    )
    expect((await api.patch(`${PATH}/${made._id}`, { display: null })).body).not.toHaveProperty('display')
  })

  it("refuses a second station with an ID the shop already uses, naming the field; another shop's may", async () => {
    const first = await station()
    expect(await api.create(PATH, { id: first.id, name: 'Again' })).toMatchObject(refused(400, 'pos.error.cashierIdTaken', 'id'))
    const second = await station()
    expect(await api.patch(`${PATH}/${second._id}`, { id: first.id })).toMatchObject(
      refused(400, 'pos.error.cashierIdTaken', 'id')
    )
    const other = await posShop('Other stations')
    expect((await client(t, other).create(PATH, { id: first.id, name: 'Theirs' })).status).toBe(201)
  })

  it('binds a station to the device whose token it carries (data or header), and never stores the token', async () => {
    const device = await makeDevice()
    const made = await station()
    const bound = await bind(made, device, await deviceToken(device))
    expect(bound).toMatchObject({ status: 200, body: { deviceId: device.kid, usedBy: device.kid } })
    expect(bound.body).not.toHaveProperty('deviceToken')
    const found = await api.get(PATH, `&$paginate=false&deviceId=${encodeURIComponent(device.kid)}`)
    expect((found.body as unknown as Cashier[]).map((row) => row._id)).toEqual([made._id])
    // Unbinding needs no token, and the device that used it stays on record.
    const unbound = await api.patch(`${PATH}/${made._id}`, { deviceId: null })
    expect(unbound).toMatchObject({ status: 200, body: { usedBy: device.kid } })
    expect(unbound.body).not.toHaveProperty('deviceId')
    const viaHeader = await json(`${t.url}/api/${PATH}/${made._id}?shop=${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      headers: { 'x-pos-device': await deviceToken(device) },
      body: JSON.stringify({ deviceId: device.kid })
    })
    expect(viaHeader).toMatchObject({ status: 200, body: { deviceId: device.kid } })
  })

  it('refuses a binding without a valid token of that device, leaving the station unbound', async () => {
    const device = await makeDevice()
    const stranger = await makeDevice()
    const made = await station()
    const invalid = refused(403, 'pos.error.deviceToken', 'deviceToken')
    expect(await api.patch(`${PATH}/${made._id}`, { deviceId: device.kid })).toMatchObject(
      refused(400, 'pos.error.deviceTokenRequired', 'deviceToken')
    )
    expect(await bind(made, device, await deviceToken(device, { expiresIn: -120 }))).toMatchObject(invalid)
    expect(await bind(made, device, await deviceToken(device, { expiresIn: 3600 }))).toMatchObject(invalid)
    expect(await bind(made, device, await deviceToken(device, { kid: stranger.kid }))).toMatchObject(invalid)
    expect(await bind(made, device, await deviceToken(device, { sub: stranger.kid }))).toMatchObject(invalid)
    expect(await bind(made, device, await deviceToken(device, { iss: 'evil.example.com' }))).toMatchObject(invalid)
    expect(await bind(made, device, await deviceToken(device, { signer: stranger.privateKey }))).toMatchObject(invalid)
    expect(await bind(made, device, 'not.a.token')).toMatchObject(invalid)
    // A valid token, but of another device than the one being bound: refused like any other (issue 28).
    expect(await bind(made, device, await deviceToken(stranger))).toMatchObject(invalid)
    // The same token twice: the second use is a replay.
    const once = await deviceToken(device)
    expect((await bind(made, device, once)).status).toBe(200)
    expect((await api.patch(`${PATH}/${made._id}`, { deviceId: null })).status).toBe(200)
    expect(await bind(made, device, once)).toMatchObject(invalid)
    expect(await stored(made._id)).not.toHaveProperty('deviceId')
    // A station created bound obeys the same rule.
    expect(await api.create(PATH, { id: `N${++serial}`, name: 'New', deviceId: device.kid })).toMatchObject(
      refused(400, 'pos.error.deviceTokenRequired', 'deviceToken')
    )
    const createdBound = await station({ deviceId: device.kid, deviceToken: await deviceToken(device) })
    expect(createdBound).toMatchObject({ deviceId: device.kid, usedBy: device.kid })
  })

  it('binds one station per device: binding another takes the device from the first, who hears it', async () => {
    const device = await makeDevice()
    const [first, second] = [await station(), await station()]
    expect((await bind(first, device, await deviceToken(device))).status).toBe(200)
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const heard: Cashier[] = []
    const hears = (id: string) => heard.some((row) => row._id === id)
    const both = new Promise<void>((resolve) =>
      socket.on(`${PATH} patched`, (row: Cashier) => {
        heard.push(row)
        if (hears(first._id) && hears(second._id)) resolve()
      })
    )
    expect((await bind(second, device, await deviceToken(device))).status).toBe(200)
    await both
    expect(await stored(first._id)).not.toHaveProperty('deviceId')
    expect(await stored(second._id)).toMatchObject({ deviceId: device.kid })
    expect(heard.find((row) => row._id === first._id)).toBeDefined()
    expect(heard.find((row) => row._id === first._id)).not.toHaveProperty('deviceId')
  })

  it('keeps one station per device when two are bound to it at once', async () => {
    const device = await makeDevice()
    const stations = [await station(), await station(), await station()]
    const answers = await Promise.all(stations.map(async (made) => bind(made, device, await deviceToken(device))))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const bound = await api.get(PATH, `&$paginate=false&deviceId=${encodeURIComponent(device.kid)}`)
    expect((bound.body as unknown as Cashier[]).length).toBe(1)
  })

  it('sends every write path through the same rule: $set, $unset, list operators, paths inside, multi patch', async () => {
    const device = await makeDevice()
    const made = await station()
    expect(await api.patch(`${PATH}/${made._id}`, { $set: { deviceId: device.kid } })).toMatchObject(
      refused(400, 'pos.error.deviceTokenRequired', 'deviceToken')
    )
    const viaSet = await api.patch(`${PATH}/${made._id}`, {
      $set: { deviceId: device.kid, deviceToken: await deviceToken(device) }
    })
    expect(viaSet).toMatchObject({ status: 200, body: { deviceId: device.kid } })
    expect((await api.patch(`${PATH}/${made._id}`, { $unset: { deviceId: 1 } })).body).not.toHaveProperty('deviceId')
    expect((await api.patch(`${PATH}/${made._id}`, { $push: { deviceId: device.kid } })).status).toBe(400)
    expect((await api.patch(`${PATH}/${made._id}`, { $set: { 'display.state': 'idle' } })).status).toBe(400)
    // A client never writes which device used the station.
    expect((await api.patch(`${PATH}/${made._id}`, { usedBy: 'someone', $set: { usedBy: 'else' } })).body).toMatchObject({
      usedBy: device.kid
    })
    const multi = await json(`${t.url}/api/${PATH}?shop=${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ deviceId: device.kid, deviceToken: await deviceToken(device) })
    })
    expect(multi.status).toBe(400)
    expect(await stored(made._id)).not.toHaveProperty('deviceId')
  })

  it('binds over the socket with the token in the data', async () => {
    const device = await makeDevice()
    const made = await station()
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const query = { shop: owner.shopId }
    await expect(call(socket, 'patch', PATH, made._id, { deviceId: device.kid }, query)).rejects.toMatchObject({ code: 400 })
    const bound = await call(
      socket,
      'patch',
      PATH,
      made._id,
      { deviceId: device.kid, deviceToken: await deviceToken(device) },
      query
    )
    expect(bound).toMatchObject({ deviceId: device.kid })
  })

  it("answers 404 for another shop's station asked through one's own shop", async () => {
    const other = await posShop('Foreign stations')
    const theirs = await station({}, client(t, other))
    expect((await api.get(`${PATH}/${theirs._id}`)).status).toBe(404)
    const device = await makeDevice()
    expect((await bind(theirs, device, await deviceToken(device))).status).toBe(404)
    expect((await client(t, other).get(`${PATH}/${theirs._id}`)).body).not.toHaveProperty('deviceId')
  })

  it('lets a POS member bind, refuses a sub-shop member, and needs the POS feature', async () => {
    const device = await makeDevice()
    const made = await station()
    const cashier = await memberOf(t, owner, 'pos')
    expect((await bind(made, device, await deviceToken(device), client(t, cashier))).status).toBe(200)
    const branch = await subshopMember(owner)
    expect((await client(t, branch).get(PATH)).status).toBe(403)
    expect((await bind(made, device, await deviceToken(device), client(t, branch))).status).toBe(403)
    const plain = await shopOwner(t.url, 'No POS')
    // A plan without the POS (its trial would have every feature).
    await putOnPlan(t, plain.shopId, 'basic')
    expect((await client(t, plain).create(PATH, { id: 'A', name: 'A' })).status).toBe(403)
  })

  /** A sub-shop member written straight into the tables (inviting one is the sub-shops service's). */
  const subshopMember = async (of: Owner) => {
    const account = await signUp(t.url)
    await t.db.knex('shopMembers').insert({
      _id: newObjectId(),
      shop: of.shopId,
      user: account.userId,
      email: account.email,
      role: 'subshop',
      perm: JSON.stringify([]),
      accepted: true
    })
    const { users } = (await t.db.knex('shops').where({ _id: of.shopId }).first('users')) as { users: unknown[] }
    const entry = { user: account.userId, role: 'subshop', roles: [...impliedRoles('subshop')], perm: [], accepted: true }
    await setShop(t, of.shopId, { users: [...users, entry] })
    return { token: account.token, shopId: of.shopId }
  }
})
