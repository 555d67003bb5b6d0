import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { canRemoveRecord, canWriteRecord, ID_PATTERN, serviceRules } from '@emporia/shared'
import { modelFromSchema } from '../../../src/platform/db/query/model'
import { sharedRecordAccess, shopScoped } from '../../../src/platform/tenancy'
import { RecordService } from '../../../src/platform/records/record-service'
import { shopOwner } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { eventHeard, PATIENCE } from '../../support/waits'

// A stand-in for the shared catalogue records of later issues (products linked across shops).
const thingSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String(),
    accessShop: Type.Optional(
      Type.Array(Type.Object({ shop: Type.String({ pattern: ID_PATTERN }), write: Type.Boolean(), owner: Type.Boolean() }))
    )
  },
  { additionalProperties: false }
)
serviceRules.things = { read: { roles: ['pos'] }, write: { roles: ['user'] } }

describe('shared record rules (spec §6.3)', () => {
  const record = {
    shop: 'a',
    accessShop: [
      { shop: 'b', write: true, owner: false },
      { shop: 'c', write: false, owner: true }
    ]
  }
  it('lets the owning shop do everything and others what their entry grants; nothing without a shop or record', () => {
    expect([canWriteRecord(record, 'a'), canRemoveRecord(record, 'a')]).toEqual([true, true])
    expect([canWriteRecord(record, 'b'), canRemoveRecord(record, 'b')]).toEqual([true, false])
    expect([canWriteRecord(record, 'c'), canRemoveRecord(record, 'c')]).toEqual([false, true])
    expect([canWriteRecord(record, 'd'), canRemoveRecord(record, 'd')]).toEqual([false, false])
    expect([canWriteRecord(record, undefined), canRemoveRecord(null, 'a')]).toEqual([false, false])
  })
})

describe.each(await dialects())('shared records through the server (%s)', (dialect) => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof shopOwner>>
  let partner: Awaited<ReturnType<typeof shopOwner>>
  let stranger: Awaited<ReturnType<typeof shopOwner>>
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      register: (ctx, app) => {
        app.use('things', new RecordService({ ...ctx.records, model: modelFromSchema('things', thingSchema) }))
        app.service('things').hooks({ before: { all: [...shopScoped(ctx.directory, 'things'), sharedRecordAccess()] } })
      }
    })
    await t.db.knex.schema.createTable('things', (table) => {
      table.specificType('_id', 'char(24)').primary()
      table.specificType('shop', 'char(24)').notNullable()
      table.text('name').notNullable()
      table.jsonb('accessShop')
    })
    owner = await shopOwner(t.url, 'Owner')
    partner = await shopOwner(t.url, 'Partner')
    stranger = await shopOwner(t.url, 'Stranger')
  })
  afterAll(() => t.close())

  const api = (method: string, who: { token: string; shopId: string }, id = '', body?: unknown) =>
    json(`${t.url}/api/things${id ? `/${id}` : ''}?shop=${who.shopId}`, {
      method,
      token: who.token,
      body: body === undefined ? undefined : JSON.stringify(body)
    })

  it('shares reads and writes as accessShop grants, and only the owner re-shares', async () => {
    const created = await api('POST', owner, '', {
      name: 'Oolong',
      accessShop: [{ shop: partner.shopId, write: true, owner: false }]
    })
    const id = (created.body as { _id: string })._id
    expect(created.body).toMatchObject({ shop: owner.shopId })

    expect((await api('GET', partner, id)).status).toBe(200)
    expect((await api('GET', partner)).body?.total).toBe(1)
    expect((await api('GET', stranger, id)).status).toBe(404)
    expect((await api('GET', stranger)).body?.total).toBe(0)

    expect((await api('PATCH', partner, id, { name: 'Oolong tea' })).body).toMatchObject({ name: 'Oolong tea' })
    expect(await api('DELETE', partner, id)).toMatchObject({ status: 403, body: { data: { key: 'errors.noPermission' } } })
    expect((await api('PATCH', partner, id, { accessShop: [{ shop: stranger.shopId, write: true, owner: true }] })).status).toBe(
      403
    )
    expect((await api('PATCH', stranger, id, { name: 'taken' })).status).toBe(404)
    expect((await api('PATCH', partner, '', { name: 'all' })).status).toBe(400)

    expect((await api('PATCH', owner, id, { accessShop: [{ shop: partner.shopId, write: false, owner: true }] })).status).toBe(
      200
    )
    expect((await api('PATCH', partner, id, { name: 'no longer' })).status).toBe(403)
    expect((await api('DELETE', partner, id)).status).toBe(200)
  })

  it('delivers events to the owning shop and the shops it is shared with, not to others', async () => {
    const sockets = await Promise.all([connect(t.url), connect(t.url)])
    onTestFinished(() => sockets.forEach((socket) => socket.close()))
    const [partnerSocket, strangerSocket] = sockets
    await call(partnerSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: partner.token })
    await call(strangerSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: stranger.token })
    const heard: string[] = []
    // Each socket's marker is a record of its own shop, written last (support/waits.ts: why it comes after any earlier event).
    const marker = (thing: { name: string }) => thing.name === 'Marker'
    const listen = (who: string, socket: typeof partnerSocket) =>
      socket.on('things created', (thing: { name: string }) => {
        if (!marker(thing)) heard.push(`${who} ${thing.name}`)
      })
    listen('partner', partnerSocket)
    listen('stranger', strangerSocket)
    const markers = [eventHeard(partnerSocket, 'things created', marker), eventHeard(strangerSocket, 'things created', marker)]
    await api('POST', owner, '', { name: 'Shared', accessShop: [{ shop: partner.shopId, write: false, owner: false }] })
    await api('POST', owner, '', { name: 'Private' })
    await vi.waitFor(() => expect(heard).toContain('partner Shared'), PATIENCE)
    // Then the markers, for any event that must not come: the private record's, or one to the stranger.
    await api('POST', partner, '', { name: 'Marker' })
    await api('POST', stranger, '', { name: 'Marker' })
    await Promise.all(markers)
    expect(heard).toEqual(['partner Shared'])
  })
})
