import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { shopAttributes } from '@emporia/shared'
import { lastCode, login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { eventHeard } from '../../support/waits'

type Shop = { _id: string; users: { user: string; role: string; roles: string[] }[]; validUtil: string; alias?: string }

describe.each(await dialects())('shops and staff (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const api = (path: string, method: string, token: string, body?: unknown) =>
    json(`${t.url}/api/${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) })

  /** A second account that an admin invites with a role, and that accepts. */
  const joinAs = async (owner: { token: string; shopId: string }, role: string, path = 'shop/staff', extra = {}) => {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, email, token)
    const invite = await post(t.url, path, { email, role, ...extra }, owner.token, `?shop=${owner.shopId}`)
    expect(invite.status).toBe(201)
    const pending = await api('shop/invitations', 'GET', token)
    const mine = (pending.body as unknown as { _id: string; shop: string }[]).find((i) => i.shop === owner.shopId)!
    expect((await api(`shop/invitations/${mine._id}`, 'PATCH', token, { accepted: true })).status).toBe(200)
    return { email, token, userId: (body?.user as { _id: string })._id, memberId: (invite.body as { _id: string })._id }
  }

  it('creates a shop with its creator as admin and a 14-day trial of the top plan; server-owned fields cannot be set', async () => {
    const { token, userId, email } = await shopOwner(t.url, 'Alpha')
    const created = await post(
      t.url,
      'shops',
      {
        name: { en: 'Beta', cht: '貝塔' },
        subdomain: 'beta-shop',
        attributes: { pos: true },
        validUtil: '2099-01-01T00:00:00Z',
        plan: 'free',
        billingState: 'active'
      },
      token
    )
    expect(created.status).toBe(201)
    const shop = created.body as unknown as Shop & { attributes: object }
    expect(shop._id).toMatch(/^[0-9a-f]{24}$/)
    expect(shop.users).toEqual([
      {
        user: userId,
        role: 'admin',
        roles: ['admin', 'user', 'pos'],
        perm: [],
        accepted: true,
        posAccess: 'admin',
        // Colleagues read the member by name; without one, by the e-mail's part before the @.
        name: email.split('@')[0]
      }
    ])
    // The trial's entitlement (decision 0129): every feature of the highest plan, whatever the client sent.
    expect(shop.attributes).toEqual(Object.fromEntries(shopAttributes.map((name) => [name, true])))
    expect(shop).toMatchObject({ plan: 'business', billingState: 'trial' })
    const days = (Date.parse(shop.validUtil) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14)
  })

  it('validates the subdomain format and keeps subdomains and aliases unique', async () => {
    const { token, shopId } = await shopOwner(t.url, 'Gamma')
    expect(await post(t.url, 'shops', { name: 'Bad', subdomain: 'no spaces!' }, token)).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'subdomain', key: 'format.subdomain' }] }
    })
    await post(t.url, 'shops', { name: 'One', subdomain: 'taken-name' }, token)
    expect(await post(t.url, 'shops', { name: 'Two', subdomain: 'taken-name' }, token)).toMatchObject({
      status: 409,
      body: { message: 'This subdomain is already taken', data: { key: 'errors.subdomainTaken', field: 'subdomain' } }
    })
    // An alias is one of the shop's verified domains (decision 0112; tests/eshop/domains.test.ts has the rest).
    expect(await api(`shops/${shopId}`, 'PATCH', token, { alias: 'shop.example.com' })).toMatchObject({
      status: 400,
      body: { data: { key: 'domain.aliasNeedsVerified', field: 'alias' } }
    })
    await t.db.knex('domains').insert({
      _id: 'd'.repeat(24),
      shop: shopId,
      name: 'shop.example.com',
      status: 'verified',
      type: 'external',
      token: '0'.repeat(32),
      manualConfig: JSON.stringify({ records: [], alias: 'gamma.example.net', aRecord: null })
    })
    expect((await api(`shops/${shopId}`, 'PATCH', token, { alias: 'shop.example.com' })).body).toMatchObject({
      alias: 'shop.example.com'
    })
    // Another shop cannot take it: the domain is this shop's.
    const other = await shopOwner(t.url, 'Delta')
    expect(await api(`shops/${other.shopId}`, 'PATCH', other.token, { alias: 'shop.example.com' })).toMatchObject({
      status: 400,
      body: { data: { key: 'domain.aliasNeedsVerified' } }
    })
    const unset = await api(`shops/${shopId}`, 'PATCH', token, { $unset: { alias: '' } })
    expect(unset.status).toBe(200)
    expect(unset.body).not.toHaveProperty('alias')
  })

  it("lists only the caller's shops and refuses other shops' reads and writes", async () => {
    const a = await shopOwner(t.url, 'Mine')
    const b = await shopOwner(t.url, 'Theirs')
    const list = await api('shops?$populate[]=icon', 'GET', a.token)
    expect(list.status).toBe(200)
    expect((list.body?.data as Shop[]).map((s) => s._id)).toEqual([a.shopId])
    const widened = await api(`shops?users.user=${b.userId}`, 'GET', a.token)
    expect((widened.body?.data as Shop[]).map((s) => s._id)).toEqual([a.shopId])
    expect((await api(`shops/${b.shopId}`, 'GET', a.token)).status).toBe(404)
    expect(await api(`shops/${b.shopId}`, 'PATCH', a.token, { phone: '1' })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notMember' } }
    })
    expect((await api(`shops/${b.shopId}`, 'DELETE', b.token)).status).toBe(405)
  })

  it('lets admins invite, change roles and remove staff; only admins manage access', async () => {
    const owner = await shopOwner(t.url, 'Staffed')
    const staff = await joinAs(owner, 'user')
    const shop = (await api(`shops/${owner.shopId}`, 'GET', staff.token)).body as unknown as Shop
    expect(shop.users.map((u) => [u.user, u.role])).toEqual(
      expect.arrayContaining([
        [owner.userId, 'admin'],
        [staff.userId, 'user']
      ])
    )
    // A user (not admin) can neither see access nor change the shop.
    expect((await api(`shop/staff?shop=${owner.shopId}`, 'GET', staff.token)).status).toBe(403)
    expect(await api(`shops/${owner.shopId}`, 'PATCH', staff.token, { phone: '2' })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.noPermission' } }
    })
    const members = await api(`shop/staff?shop=${owner.shopId}`, 'GET', owner.token)
    expect(members.body?.total).toBe(2)
    expect(
      await post(t.url, 'shop/staff', { email: staff.email, role: 'pos' }, owner.token, `?shop=${owner.shopId}`)
    ).toMatchObject({ status: 409, body: { data: { key: 'errors.alreadyMember' } } })
    expect(
      await post(t.url, 'shop/staff', { email: 'x@example.com', role: 'root' }, owner.token, `?shop=${owner.shopId}`)
    ).toMatchObject({ status: 400, body: { data: { field: 'role' } } })

    const promoted = await api(`shop/staff/${staff.memberId}?shop=${owner.shopId}`, 'PATCH', owner.token, { role: 'admin' })
    expect(promoted.body).toMatchObject({ role: 'admin' })
    expect((await api(`shop/staff?shop=${owner.shopId}`, 'GET', staff.token)).status).toBe(200)
    expect((await api(`shop/staff/${staff.memberId}?shop=${owner.shopId}`, 'DELETE', owner.token)).status).toBe(200)
    expect((await api(`shops/${owner.shopId}`, 'GET', staff.token)).status).toBe(404)
    expect((await api(`shop/staff?shop=${owner.shopId}`, 'GET', staff.token)).status).toBe(403)
  })

  it('never leaves a shop without an admin, even when two admins remove each other at once', async () => {
    const owner = await shopOwner(t.url, 'Lonely')
    const ownerMember = (await api(`shop/staff?shop=${owner.shopId}`, 'GET', owner.token)).body?.data as { _id: string }[]
    expect(await api(`shop/staff/${ownerMember[0]._id}?shop=${owner.shopId}`, 'DELETE', owner.token)).toMatchObject({
      status: 400,
      body: { message: 'A shop needs at least one admin', data: { key: 'errors.lastAdmin' } }
    })
    expect(
      (await api(`shop/staff/${ownerMember[0]._id}?shop=${owner.shopId}`, 'PATCH', owner.token, { role: 'user' })).status
    ).toBe(400)
    const second = await joinAs(owner, 'admin')
    const results = await Promise.all([
      api(`shop/staff/${second.memberId}?shop=${owner.shopId}`, 'DELETE', owner.token),
      api(`shop/staff/${ownerMember[0]._id}?shop=${owner.shopId}`, 'DELETE', second.token)
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, expect.any(Number)])
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    const row = await t.db.knex('shops').where({ _id: owner.shopId }).first()
    expect((row.users as { role: string }[]).filter((u) => u.role === 'admin')).toHaveLength(1)
  })

  it('refuses a shop the caller is not a member of, a missing shop and a widened shop filter', async () => {
    const a = await shopOwner(t.url, 'Wall A')
    const b = await shopOwner(t.url, 'Wall B')
    expect(await api(`shop/staff?shop=${b.shopId}`, 'GET', a.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notMember' } }
    })
    expect(await api('shop/staff', 'GET', a.token)).toMatchObject({ status: 400, body: { data: { key: 'errors.noShop' } } })
    expect((await api(`shop/staff?shop[$in][]=${a.shopId}&shop[$in][]=${b.shopId}`, 'GET', a.token)).status).toBe(400)
    expect((await api(`shop/staff?shop[$ne]=${b.shopId}`, 'GET', a.token)).status).toBe(400)
    expect((await api(`shop/staff?shop=${a.shopId}`, 'GET', '')).status).toBe(401)
    // A record of shop B addressed through shop A is simply not there.
    const bMembers = (await api(`shop/staff?shop=${b.shopId}`, 'GET', b.token)).body?.data as { _id: string }[]
    expect((await api(`shop/staff/${bMembers[0]._id}?shop=${a.shopId}`, 'GET', a.token)).status).toBe(404)
    expect((await api(`shop/staff/${bMembers[0]._id}?shop=${a.shopId}`, 'DELETE', a.token)).status).toBe(404)
    // Data naming another shop is ignored: the record lands in the shop the call was checked for.
    const invited = await post(
      t.url,
      'shop/staff',
      { email: 'moved@example.com', role: 'pos', shop: b.shopId },
      a.token,
      `?shop=${a.shopId}`
    )
    expect(invited.body).toMatchObject({ shop: a.shopId })
  })

  it('creates many catalogue records in one call, all in the caller’s shop, up to a page’s worth', async () => {
    const a = await shopOwner(t.url, 'Bulk A')
    const b = await shopOwner(t.url, 'Bulk B')
    const names = ['Tea', 'Coffee', 'Cocoa']
    const created = await post(
      t.url,
      'categories',
      names.map((name) => ({ name, shop: b.shopId })),
      a.token,
      `?shop=${a.shopId}`
    )
    expect(created.status).toBe(201)
    expect((created.body as unknown as { shop: string; name: string }[]).map((c) => [c.shop, c.name])).toEqual(
      names.map((name) => [a.shopId, name])
    )
    expect((await api(`categories?shop=${b.shopId}`, 'GET', b.token)).body?.total).toBe(0)
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ name: `c${i}` }))
    expect((await post(t.url, 'categories', tooMany, a.token, `?shop=${a.shopId}`)).status).toBe(400)
  })

  it('sub-shops: only with useSubShop; the subshop role sees warehouses and products only', async () => {
    const owner = await shopOwner(t.url, 'Parent')
    expect(
      await post(t.url, 'subShops', { name: 'Kowloon branch', email: 'k@example.com' }, owner.token, `?shop=${owner.shopId}`)
    ).toMatchObject({ status: 403, body: { data: { key: 'errors.featureOff' } } })
    await api(`shops/${owner.shopId}`, 'PATCH', owner.token, { useSubShop: true })
    const sub = await joinAs(owner, 'subshop', 'subShops', { name: 'Kowloon branch' })
    const listed = await api(`subShops?shop=${owner.shopId}`, 'GET', owner.token)
    expect(listed.body?.data).toEqual([expect.objectContaining({ name: 'Kowloon branch', role: 'subshop', accepted: true })])
    const shop = (await api(`shops/${owner.shopId}`, 'GET', sub.token)).body as unknown as Shop
    expect(shop.users.find((u) => u.user === sub.userId)).toMatchObject({ role: 'subshop', roles: ['subshop'] })
    expect((await api(`shop/staff?shop=${owner.shopId}`, 'GET', sub.token)).status).toBe(403)
    expect((await api(`subShops?shop=${owner.shopId}`, 'GET', sub.token)).status).toBe(403)
    // Staff roles cannot be handed out through subShops, nor sub-shop roles through access.
    expect(
      (await post(t.url, 'subShops', { email: 'x2@example.com', role: 'admin' }, owner.token, `?shop=${owner.shopId}`)).status
    ).toBe(400)
  })

  it('routes shop events to that shop’s members only, and stops when a member is removed', async () => {
    const owner = await shopOwner(t.url, 'Events')
    const outsider = await shopOwner(t.url, 'Outside')
    const staff = await joinAs(owner, 'user')
    const sockets = await Promise.all([connect(t.url), connect(t.url), connect(t.url)])
    onTestFinished(() => sockets.forEach((socket) => socket.close()))
    const [ownerSocket, staffSocket, outsiderSocket] = sockets
    await call(ownerSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    await call(staffSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: staff.token })
    await call(outsiderSocket, 'create', 'authentication', { strategy: 'jwt', accessToken: outsider.token })
    const heard: Record<string, string[]> = { owner: [], staff: [], outsider: [] }
    ownerSocket.on('shops patched', (s: { phone?: string }) => heard.owner.push(s.phone ?? ''))
    staffSocket.on('shops patched', (s: { phone?: string }) => heard.staff.push(s.phone ?? ''))
    outsiderSocket.on('shops patched', (s: { phone?: string }) => heard.outsider.push(s.phone ?? ''))
    const membersHeard: string[] = []
    staffSocket.on('shop/staff created', (m: { email: string }) => membersHeard.push(m.email))
    outsiderSocket.on('shop/staff created', (m: { email: string }) => membersHeard.push(m.email))

    // The owner's last event is the last change itself.
    const ownerHeardLast = eventHeard(ownerSocket, 'shops patched', (s: { phone?: string }) => s.phone === 'second')

    await call(ownerSocket, 'patch', 'shops', owner.shopId, { phone: 'first' })
    await post(t.url, 'shop/staff', { email: 'quiet@example.com', role: 'pos' }, owner.token, `?shop=${owner.shopId}`)
    await api(`shop/staff/${staff.memberId}?shop=${owner.shopId}`, 'DELETE', owner.token)
    await call(ownerSocket, 'patch', 'shops', owner.shopId, { phone: 'second' })
    // The others' marker is a change of their own account, made last, which only they hear
    // (support/waits.ts: why an event of the shop would have come before it).
    const markers = [staffSocket, outsiderSocket].map((socket) => eventHeard(socket, 'users patched'))
    await api(`users/${staff.userId}`, 'PATCH', staff.token, { firstName: 'Marker' })
    await api(`users/${outsider.userId}`, 'PATCH', outsider.token, { firstName: 'Marker' })
    await Promise.all([ownerHeardLast, ...markers])
    expect(heard.owner).toEqual(['first', 'first', 'second'])
    // Events go to the members as of the change: the removed member hears nothing after the first.
    expect(heard.staff).toEqual(['first'])
    expect(heard.outsider).toEqual([])
    // Access lists are admin-only, so a staff socket does not hear them either.
    expect(membersHeard).toEqual([])
  })

  it('invitations are visible only to the invited e-mail and can be declined', async () => {
    const owner = await shopOwner(t.url, 'Inviter')
    const stranger = await shopOwner(t.url, 'Stranger')
    await verifyEmail(t.url, t.db.knex, stranger.email, stranger.token)
    await post(t.url, 'shop/staff', { email: 'later@example.com', role: 'pos' }, owner.token, `?shop=${owner.shopId}`)
    expect((await api('shop/invitations', 'GET', stranger.token)).body).toEqual([])
    // The invitee hears of it by mail, in the inviter's language (here the default, cht), before having an account.
    const mail = await t.db.knex('mailOutbox').where({ to: 'later@example.com', type: 'invitation' }).first()
    // The subject is fixed wording; the shop's own name appears only quoted in the body (decision 0123).
    expect(mail).toMatchObject({ locale: 'cht', subject: '您獲邀加入 Emporia 上的商店' })
    expect(mail.text).toContain('收銀員')
    expect(mail.text).toContain('「Inviter」')
    await register(t.url, { email: 'later@example.com' })
    const { body } = await login(t.url, 'later@example.com', 'secret-123')
    const token = body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, 'later@example.com', token)
    const list = (await api('shop/invitations', 'GET', token)).body as unknown as { _id: string; shopName: string }[]
    expect(list).toEqual([expect.objectContaining({ shopName: 'Inviter', role: 'pos' })])
    expect((await api(`shop/invitations/${list[0]._id}`, 'PATCH', stranger.token, { accepted: true })).status).toBe(404)
    expect((await api(`shop/invitations/${list[0]._id}`, 'DELETE', token)).status).toBe(200)
    expect((await api('shop/invitations', 'GET', token)).body).toEqual([])
    expect(await lastCode(t.db.knex, 'later@example.com', 'verify')).toMatch(/^\d{6}$/)
  })
})
