import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { client, setShop, type Owner } from '../../../support/catalogue-support'
import { dialects } from '../../../support/databases'
import { startMiniDouble } from '../../../support/mini-double'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { recordChannel } from '../../../../src/domains/storefront/mini/members'

type Body = Record<string, unknown>
type Shop = { owner: Owner; api: ReturnType<typeof client>; base: string; programId: string }
const SECRET = 'double-secret-0123456789'
let addresses = 0

/**
 * The mini-program's settings and its shoppers' sign-in (decision 0204): the secret write-only and sealed;
 * a login code exchanged through the platform (a local double) for a session of that shop, the customer
 * marked `mini`; a forged, a replayed or another program's code refused with nothing written; a session
 * of one shop opens no other shop's data; the members list is the customers with such a sign-in.
 */
describe.each(await dialects())('mini-program settings and sign-in (%s)', (dialect) => {
  let t: TestApp
  let double: Awaited<ReturnType<typeof startMiniDouble>>
  const shops: Shop[] = []

  const signIn = async (shop: Shop, code: unknown) => {
    const response = await fetch(`${t.url}${shop.base}/_commerce/mini/sign-in`, {
      method: 'POST',
      // A client address of its own per call (behind the one trusted proxy): the sign-in limit is per address.
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++addresses}` },
      body: JSON.stringify({ code })
    })
    return { status: response.status, body: (await response.json()) as Body & { data?: Body } }
  }
  const written = async (shop: Shop) => {
    const count = async (table: string) =>
      Number(((await t.db.knex(table).where({ shop: shop.owner.shopId }).count({ n: '*' })) as { n: string }[])[0].n)
    return { users: await count('shopUsers'), codes: await count('miniCodes'), identities: await count('miniIdentities') }
  }
  const open = async (name: string, programId: string): Promise<Shop> => {
    const owner = await shopOwner(t.url, name)
    await setShop(t, owner.shopId, { attributes: { app: true } })
    const { subdomain } = (await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }
    double.program(programId, `${SECRET}-${programId}`)
    return { owner, api: client(t, owner), base: `/s/${subdomain}`, programId }
  }

  beforeAll(async () => {
    double = await startMiniDouble()
    t = await startTestApp(dialect, { config: { miniApiBase: double.url, trustProxy: { hops: 1 } } })
    shops.push(await open('Mini House', 'wxa000000000000001'), await open('Other Mini', 'wxb000000000000002'))
  })
  afterAll(async () => {
    await t.close()
    await double.close()
  })

  it('keeps the program id and a write-only, sealed secret', async () => {
    const [a] = shops
    expect((await signIn(a, double.code(a.programId, 'openid-early'))).status).toBe(503)
    const saved = await a.api.create('mini/settings', { programId: a.programId, secret: `${SECRET}-${a.programId}` })
    expect(saved).toMatchObject({ status: 201, body: { programId: a.programId, hasSecret: true } })
    expect(JSON.stringify(saved.body)).not.toContain(SECRET)
    const read = await a.api.get('mini/settings')
    expect(read.body).toMatchObject({ programId: a.programId, hasSecret: true })
    expect(JSON.stringify(read.body)).not.toContain(SECRET)
    const stored = (await t.db.knex('shopSecrets').where({ shop: a.owner.shopId, name: 'miniProgramSecret' }).first()) as Body
    expect(String(stored.value)).toMatch(/^enc:/)
    expect(String(stored.value)).not.toContain(SECRET)
    // Bad input names its field and changes nothing.
    expect((await a.api.create('mini/settings', { programId: 'no spaces here' })).status).toBe(400)
    expect((await a.api.create('mini/settings', { secret: 'short' })).status).toBe(400)
    expect((await a.api.get('mini/settings')).body).toMatchObject({ programId: a.programId, hasSecret: true })
  })

  it('signs a shopper in with a good code, once per code, as the same customer each time, marked mini', async () => {
    const [a] = shops
    const before = await written(a)
    const first = await signIn(a, double.code(a.programId, 'openid-mei'))
    expect(first).toMatchObject({ status: 200, body: { signedIn: true, registered: true } })
    expect(await written(a)).toEqual({ users: before.users + 1, codes: before.codes + 1, identities: before.identities + 1 })
    const again = await signIn(a, double.code(a.programId, 'openid-mei'))
    expect(again).toMatchObject({ status: 200, body: { registered: false } })
    const { user } = (await t.db.knex('miniIdentities').where({ shop: a.owner.shopId, openid: 'openid-mei' }).first()) as {
      user: string
    }
    const customer = (await a.api.get(`shopUsers/${user}`)).body
    expect(customer).toMatchObject({ channel: 'mini', channels: ['mini'] })
    expect(Date.parse(String(customer?.lastSeenAt))).toBeGreaterThan(Date.now() - 60_000)
    // The session opens this shop's account.
    const account = await fetch(`${t.url}${a.base}/_commerce/account`, {
      headers: { Cookie: `emporia-customer=${String(first.body.token)}` }
    })
    expect(account.status).toBe(200)
  })

  it('refuses a forged, a replayed and another program’s code, writing nothing', async () => {
    const [a, b] = shops
    await b.api.create('mini/settings', { programId: b.programId, secret: `${SECRET}-${b.programId}` })
    const before = await written(a)
    expect(await signIn(a, 'forged-code-that-was-never-issued')).toMatchObject({ status: 401, body: { data: { field: 'code' } } })
    expect((await signIn(a, '<script>')).status).toBe(400)
    const code = double.code(a.programId, 'openid-wing')
    expect((await signIn(a, code)).status).toBe(200)
    const after = await written(a)
    const asked = double.asked.length
    expect(await signIn(a, code)).toMatchObject({ status: 400, body: { data: { key: 'mini.codeUsed' } } })
    // Refused before the platform was asked again.
    expect(double.asked.length).toBe(asked)
    // A code of shop B's program, sent to shop A: the platform does not take it for A's program.
    expect((await signIn(a, double.code(b.programId, 'openid-b'))).status).toBe(401)
    expect(await written(a)).toEqual(after)
    expect(after).toEqual({ users: before.users + 1, codes: before.codes + 1, identities: before.identities + 1 })
  })

  it('forgets the shopper’s program id when their data is erased; a later sign-in is a new customer', async () => {
    const [a] = shops
    expect((await signIn(a, double.code(a.programId, 'openid-gone'))).status).toBe(200)
    const { user } = (await t.db.knex('miniIdentities').where({ shop: a.owner.shopId, openid: 'openid-gone' }).first()) as {
      user: string
    }
    expect((await a.api.create('shopUsers/erase', { user })).status).toBe(201)
    expect(await t.db.knex('miniIdentities').where({ shop: a.owner.shopId, openid: 'openid-gone' })).toHaveLength(0)
    const again = await signIn(a, double.code(a.programId, 'openid-gone'))
    expect(again).toMatchObject({ status: 200, body: { registered: true } })
  })

  it('opens no other shop’s data with a session of this one', async () => {
    const [a, b] = shops
    const signed = await signIn(a, double.code(a.programId, 'openid-ka'))
    expect(signed.status).toBe(200)
    const cookie = `emporia-customer=${String(signed.body.token)}`
    const theirs = await fetch(`${t.url}${b.base}/_commerce/account`, { headers: { Cookie: cookie } })
    expect(theirs.status).toBe(401)
    const mine = await fetch(`${t.url}${a.base}/_commerce/account`, { headers: { Cookie: cookie } })
    expect(mine.status).toBe(200)
  })

  it('lists as members the customers signed in through the app or the mini-program only', async () => {
    const [a] = shops
    const plain = (await a.api.made('shopUsers', { firstName: 'Walk-in' }))._id as string
    const app = (await a.api.made('shopUsers', { firstName: 'App user' }))._id as string
    await recordChannel({ app: t.app, context: t.context }, a.owner.shopId, app, 'app')
    const members = await a.api.get('shopUsers', '&channel[$in][0]=app&channel[$in][1]=mini&$sort[lastSeenAt]=-1&$limit=50')
    expect(members.status).toBe(200)
    const rows = (members.body as { data: Body[] }).data
    const ids = rows.map((row) => row._id)
    expect(ids).toContain(app)
    expect(ids).not.toContain(plain)
    expect(rows.find((row) => row._id === app)).toMatchObject({ channel: 'app', channels: ['app'] })
    // The channel is the server's: a client's is dropped, and the customer stays off the list.
    await a.api.patch(`shopUsers/${plain}`, { channel: 'mini', channels: ['mini'], lastSeenAt: new Date().toISOString() })
    expect((await t.db.knex('shopUsers').where({ _id: plain }).first('channel', 'lastSeenAt')) as Body).toEqual({
      channel: null,
      lastSeenAt: null
    })
  })
})
