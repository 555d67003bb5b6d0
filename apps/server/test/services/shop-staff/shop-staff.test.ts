import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const LIMIT = 4
type Owner = { token: string; shopId: string }

/** settings/access (decision 0133): the rules the screen relies on, over REST as the screen calls them. */
describe.each(await dialects())('shop staff from settings/access (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { invitationLimit: LIMIT } })
  })
  afterAll(() => t.close())

  const api = (path: string, method: string, token: string, body?: unknown) =>
    json(`${t.url}/api/${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) })
  const staffPath = (owner: Owner, id = '') => `shop/staff${id ? `/${id}` : ''}?shop=${owner.shopId}`
  const invite = (owner: Owner, email: string, role = 'pos') =>
    post(t.url, 'shop/staff', { email, role }, owner.token, `?shop=${owner.shopId}`)
  const mailsTo = async (to: string) => (await t.db.knex('mailOutbox').where({ type: 'invitation', to })).length

  /** An account invited with a role, that accepts. */
  const joinAs = async (owner: Owner, role: string) => {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, email, token)
    const invited = await invite(owner, email, role)
    expect(invited.status).toBe(201)
    const pending = (await api('shop/invitations', 'GET', token)).body as unknown as { _id: string; shop: string }[]
    const mine = pending.find((entry) => entry.shop === owner.shopId)!
    expect((await api(`shop/invitations/${mine._id}`, 'PATCH', token, { accepted: true })).status).toBe(200)
    return { email, token, memberId: (invited.body as { _id: string })._id }
  }

  it('keeps the last admin: neither demoted nor removed, a pending admin invitation not counting', async () => {
    const owner = await shopOwner(t.url, 'Last admin')
    const [me] = (await api(staffPath(owner), 'GET', owner.token)).body?.data as { _id: string }[]
    expect((await invite(owner, 'future-admin@example.com', 'admin')).status).toBe(201)
    const lastAdmin = { data: { key: 'errors.lastAdmin' } }
    expect(await api(staffPath(owner, me._id), 'PATCH', owner.token, { role: 'pos' })).toMatchObject({
      status: 400,
      body: lastAdmin
    })
    expect(await api(staffPath(owner, me._id), 'DELETE', owner.token)).toMatchObject({ status: 400, body: lastAdmin })
    // Refused whole: the owner is still an admin of the shop.
    const shop = (await api(`shops/${owner.shopId}`, 'GET', owner.token)).body as { users: { role: string }[] }
    expect(shop.users.map((user) => user.role)).toEqual(['admin'])
    // With a second admin who accepted, the first may step down.
    await joinAs(owner, 'admin')
    expect(await api(staffPath(owner, me._id), 'PATCH', owner.token, { role: 'user' })).toMatchObject({
      status: 200,
      body: { role: 'user' }
    })
  })

  it('refuses granting or managing roles to anyone but an admin', async () => {
    const owner = await shopOwner(t.url, 'Grants')
    const staff = await joinAs(owner, 'user')
    const refused = { status: 403, body: { data: { key: 'errors.noPermission' } } }
    expect(await invite({ token: staff.token, shopId: owner.shopId }, 'boss@example.com', 'admin')).toMatchObject(refused)
    expect(await api(staffPath(owner, staff.memberId), 'PATCH', staff.token, { role: 'admin' })).toMatchObject(refused)
    expect(await invite(owner, 'branch@example.com', 'subshop')).toMatchObject({ status: 400, body: { data: { field: 'role' } } })
  })

  it('cuts a removed member off at once: their next call is 403 errors.notMember', async () => {
    const owner = await shopOwner(t.url, 'Removal')
    const cashier = await joinAs(owner, 'pos')
    expect((await api(`categories?shop=${owner.shopId}`, 'GET', cashier.token)).status).toBe(200)
    expect((await api(staffPath(owner, cashier.memberId), 'DELETE', owner.token)).status).toBe(200)
    expect(await api(`categories?shop=${owner.shopId}`, 'GET', cashier.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notMember' } }
    })
  })

  it('withdraws a pending invitation: gone from the list and from the invitee’s invitations', async () => {
    const owner = await shopOwner(t.url, 'Withdraw')
    const email = `withdrawn-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const token = (await login(t.url, email, 'secret-123')).body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, email, token)
    const invited = (await invite(owner, email)).body as { _id: string; accepted: boolean }
    expect(invited.accepted).toBe(false)
    expect((await api(staffPath(owner, invited._id), 'DELETE', owner.token)).status).toBe(200)
    const listed = (await api(staffPath(owner), 'GET', owner.token)).body?.data as { email: string }[]
    expect(listed.map((member) => member.email)).not.toContain(email)
    const pending = (await api('shop/invitations', 'GET', token)).body as unknown as { shop: string }[]
    expect(pending.filter((entry) => entry.shop === owner.shopId)).toEqual([])
  })

  it('resends a pending invitation, counted with the hour’s invitations; not to a member who accepted', async () => {
    const owner = await shopOwner(t.url, 'Resend')
    const email = `again-${Math.random().toString(36).slice(2)}@example.com`
    const invited = (await invite(owner, email)).body as { _id: string }
    expect(await mailsTo(email)).toBe(1)
    expect(await api(staffPath(owner, invited._id), 'PATCH', owner.token, { resend: true })).toMatchObject({
      status: 200,
      body: { _id: invited._id, accepted: false }
    })
    expect(await mailsTo(email)).toBe(2)
    // Only {resend: true}, alone.
    expect(await api(staffPath(owner, invited._id), 'PATCH', owner.token, { resend: true, role: 'admin' })).toMatchObject({
      status: 400,
      body: { data: { field: 'resend' } }
    })
    const member = await joinAs(owner, 'user')
    expect(await api(staffPath(owner, member.memberId), 'PATCH', owner.token, { resend: true })).toMatchObject({
      status: 409,
      body: { data: { key: 'errors.alreadyMember' } }
    })
    // Two invitations and one resend so far: a fourth mail goes, the fifth of the hour is refused.
    expect((await api(staffPath(owner, invited._id), 'PATCH', owner.token, { resend: true })).status).toBe(200)
    expect(await api(staffPath(owner, invited._id), 'PATCH', owner.token, { resend: true })).toMatchObject({
      status: 429,
      body: { data: { key: 'errors.tooManyInvitations' } }
    })
    expect(await mailsTo(email)).toBe(3)
    // Another shop's entry is not there.
    const other = await shopOwner(t.url, 'Other')
    expect((await api(staffPath(other, invited._id), 'PATCH', other.token, { resend: true })).status).toBe(404)
  })
})
