import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { Socket } from 'socket.io-client'
import { RecordService } from '../../src/platform/records/record-service'
import { call, connect, json, signUp } from '../support/clients'
import { dialects } from '../support/databases'
import { createPeopleTable, personModel, publishPeopleToSignedIn } from '../support/people'
import { startTestApp, type TestApp } from '../support/test-app'
import { eventHeard } from '../support/waits'

/**
 * Proves a socket heard nothing it should not have, without waiting a fixed time: an event is sent to
 * every connection as the write that causes it emits it, before the write answers, and a connection's
 * packets arrive in order; so once the socket's own call, made after the write answered, is answered,
 * an event meant for it would have arrived first.
 */
const heardAllSoFar = (socket: Socket) => call(socket, 'find', 'health')

const [dialect] = await dialects()

describe(`transports (${dialect})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      register: (ctx, app) => {
        app.use('people', new RecordService({ ...ctx.records, model: personModel, paginate: { default: 10, max: 50 } }))
        publishPeopleToSignedIn(app)
      }
    })
    await createPeopleTable(t.db.knex)
  })
  afterAll(() => t.close())

  it('answers GET /api/health with {status: "ok"}', async () => {
    expect(await json(`${t.url}/api/health`)).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('serves REST under /api with the list shape and Feathers error JSON', async () => {
    await json(`${t.url}/api/people`, { method: 'POST', body: JSON.stringify({ name: 'Rest', age: 3 }) })
    const list = await json(`${t.url}/api/people?age[$gte]=1&$sort[name]=1`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 1, limit: 10, skip: 0, data: [{ name: 'Rest', age: 3 }] })

    const bad = await json(`${t.url}/api/people?age[$where]=1`)
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      name: 'BadRequest',
      code: 400,
      className: 'bad-request',
      message: expect.stringMatching(/\$where/)
    })

    const malformed = await json(`${t.url}/api/people/123`)
    expect(malformed).toMatchObject({ status: 400, body: { name: 'BadRequest' } })
    const missing = await json(`${t.url}/api/people/${'0'.repeat(24)}`)
    expect(missing).toMatchObject({ status: 404, body: { name: 'NotFound' } })
    // Keyed, so the back office says it in the merchant's language (errors.recordNotFound).
    expect(missing.body).toMatchObject({ data: { key: 'errors.recordNotFound' } })
    const unknown = await json(`${t.url}/api/nothing-here`)
    expect(unknown).toMatchObject({ status: 404, body: { name: 'NotFound' } })
    const brokenJson = await fetch(`${t.url}/api/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":'
    })
    expect(brokenJson.status).toBe(400)
  })

  it('parses REST query strings into the query language: lists, $select, $paginate, update and remove', async () => {
    const a = await json(`${t.url}/api/people`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Qa', age: 1, title: { en: 'A' } })
    })
    const b = await json(`${t.url}/api/people`, { method: 'POST', body: JSON.stringify({ name: 'Qb', age: 2 }) })
    const ids = [a.body?._id, b.body?._id] as string[]
    const both = await json(`${t.url}/api/people?_id[$in][]=${ids[0]}&_id[$in][]=${ids[1]}&$select[]=name&$sort[name]=-1`)
    expect(both.body?.data).toEqual([
      { _id: ids[1], name: 'Qb' },
      { _id: ids[0], name: 'Qa' }
    ])
    const plain = await json(`${t.url}/api/people?title.en=A&$paginate=false`)
    expect(plain.body).toEqual([expect.objectContaining({ _id: ids[0] })])
    // PUT replaces: fields left out are reset, server-owned ones sent back by an editor are ignored
    const replaced = await json(`${t.url}/api/people/${ids[0]}`, {
      method: 'PUT',
      body: JSON.stringify({ _id: 'f'.repeat(24), name: 'Qa2', shop: 'e'.repeat(24) })
    })
    expect(replaced).toMatchObject({ status: 200, body: { _id: ids[0], name: 'Qa2' } })
    expect(replaced.body?.age).toBeUndefined()
    expect(replaced.body?.shop).toBeUndefined()
    expect((await json(`${t.url}/api/people/${ids[1]}`, { method: 'DELETE' })).body).toMatchObject({ _id: ids[1] })
    expect((await json(`${t.url}/api/people/${ids[1]}`)).status).toBe(404)
  })

  it('never leaks database error text to a client', async () => {
    // A value the database refuses (out of range for the column) reaches PostgreSQL only if the
    // compiler let it through; either way the client must see a 4xx without SQL in it.
    const response = await json(`${t.url}/api/people`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x', born: '99999-01-01T00:00:00Z' })
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(JSON.stringify(response.body)).not.toMatch(/people|relation|syntax|column|timestamp with time zone/i)
  })

  it('sends events to authenticated sockets only, as JSON or msgpack per connection', async () => {
    const { token } = await signUp(t.url)
    const anonymous = await connect(t.url)
    const jsonSocket = await connect(t.url)
    const binarySocket = await connect(t.url, { msgpack: true })
    await call(jsonSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    await call(binarySocket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })

    let anonymousHeard = 0
    anonymous.on('people created', () => anonymousHeard++)
    const viaJson = eventHeard(jsonSocket, 'people created')
    const viaBinary = eventHeard(binarySocket, 'people created')
    // created over the binary connection's own call, so both directions of msgpack are used
    const created = await call(binarySocket, 'create', 'people', { name: 'Evented', title: { en: 'E' } })
    expect(await viaJson).toMatchObject({ _id: created._id, name: 'Evented', title: { en: 'E' } })
    expect(await viaBinary).toMatchObject({ _id: created._id, name: 'Evented' })

    const page = await call<{ total: number }>(binarySocket, 'find', 'people', { name: 'Evented' })
    expect(page.total).toBe(1)
    const confirmed = await new Promise((resolve) =>
      binarySocket.emit('initMsgPack', (_error: unknown, reply: unknown) => resolve(reply))
    )
    expect(confirmed).toEqual({ msgpack: true })
    await heardAllSoFar(anonymous)
    expect(anonymousHeard).toBe(0)
    for (const s of [anonymous, jsonSocket, binarySocket]) s.close()
  })

  it('socket calls get the same 400 for bad queries', async () => {
    const socket = await connect(t.url)
    await expect(call(socket, 'find', 'people', { $where: 1 })).rejects.toMatchObject({ name: 'BadRequest', code: 400 })
    socket.close()
  })
})

describe(`account events (${dialect})`, () => {
  let t: TestApp
  beforeAll(async () => (t = await startTestApp(dialect)))
  afterAll(() => t.close())

  it('an account’s events reach only that account’s connections', async () => {
    const alice = await signUp(t.url)
    const bob = await signUp(t.url)
    const aliceSocket = await connect(t.url)
    const bobSocket = await connect(t.url)
    await call(aliceSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: alice.token })
    await call(bobSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: bob.token })
    let bobHeard = 0
    bobSocket.on('users patched', () => bobHeard++)
    const heard = eventHeard<{ firstName: string; password?: string }>(aliceSocket, 'users patched')
    await json(`${t.url}/api/users/${alice.userId}`, {
      method: 'PATCH',
      token: alice.token,
      body: JSON.stringify({ firstName: 'Alice' })
    })
    const event = await heard
    expect(event.firstName).toBe('Alice')
    expect(event.password).toBeUndefined()
    await heardAllSoFar(bobSocket)
    expect(bobHeard).toBe(0)
    aliceSocket.close()
    bobSocket.close()
  })
})

describe('serving the web app', () => {
  let t: TestApp
  let webDist: string
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'emporia-web-'))
    mkdirSync(path.join(webDist, 'assets'))
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Emporia</title>')
    const script = 'console.log("emporia");'.repeat(100)
    writeFileSync(path.join(webDist, 'assets/app-1.js'), script)
    writeFileSync(path.join(webDist, 'assets/app-1.js.br'), brotliCompressSync(script))
    t = await startTestApp(dialect, { config: { webDist } })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  it('answers client routes with index.html, a missing file with 404, and compressed twins when accepted', async () => {
    const route = await fetch(`${t.url}/some/client/route`)
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<title>Emporia</title>')
    expect((await fetch(`${t.url}/assets/app-0-old.js`)).status).toBe(404)
    const asset = await fetch(`${t.url}/assets/app-1.js`, { headers: { 'accept-encoding': 'br' } })
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(await asset.text()).toContain('emporia')
  })

  it('accepts the registration call with agreeTerms and refuses it unticked', async () => {
    const ok = await json(`${t.url}/api/users`, {
      method: 'POST',
      body: JSON.stringify({ email: 'terms@example.com', password: 'secret-123', agreeTerms: true })
    })
    expect(ok.status).toBe(201)
    const refused = await json(`${t.url}/api/users`, {
      method: 'POST',
      body: JSON.stringify({ email: 'no@example.com', password: 'secret-123', agreeTerms: false })
    })
    expect(refused).toMatchObject({ status: 400, body: { data: { field: 'agreeTerms' } } })
  })
})
