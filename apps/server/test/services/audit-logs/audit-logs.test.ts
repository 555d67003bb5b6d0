import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

type Owner = { token: string; shopId: string; userId: string; email: string }
type Row = {
  _id: string
  user: string | null
  userName: string | null
  area: string
  action: string
  target: string | null
  targetName: string | null
  changes: Record<string, { from: unknown; to: unknown }>
  details: Record<string, unknown>
  createdAt: string
}

/**
 * The audit log (issue 31, decision 0137): staff and settings changes are recorded in their own
 * transactions, whichever door they came through; the log is read by the shop's admins only and
 * changed by nobody.
 */
describe.each(await dialects())('audit log (%s)', (dialect) => {
  let t: TestApp
  const sockets: Socket[] = []
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await t.close()
  })

  const api = (path: string, method: string, token: string, body?: unknown) =>
    json(`${t.url}/api/${path}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) })
  const logOf = async (owner: Owner, query = '') => {
    const found = await api(`auditLogs?shop=${owner.shopId}&$sort[createdAt]=1&$sort[_id]=1${query}`, 'GET', owner.token)
    expect(found.status).toBe(200)
    return found.body as unknown as { total: number; data: Row[] }
  }
  const signedInSocket = async (token: string) => {
    const socket = await connect(t.url)
    sockets.push(socket)
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: token })
    return socket
  }

  /** An account invited with a role, that accepts. */
  const joinAs = async (owner: Owner, role: string, firstName: string) => {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email, firstName, lastName: 'Staff' })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    const userId = (body?.user as { _id: string })._id
    await verifyEmail(t.url, t.db.knex, email, token)
    const invited = await post(t.url, 'shop/staff', { email, role }, owner.token, `?shop=${owner.shopId}`)
    expect(invited.status).toBe(201)
    const pending = (await api('shop/invitations', 'GET', token)).body as unknown as { _id: string; shop: string }[]
    const mine = pending.find((entry) => entry.shop === owner.shopId)!
    expect((await api(`shop/invitations/${mine._id}`, 'PATCH', token, { accepted: true })).status).toBe(200)
    return { email, token, userId, memberId: (invited.body as { _id: string })._id }
  }

  it('records each step of inviting a cashier and a manager, who accept, by name', async () => {
    const owner = await shopOwner(t.url, 'Staffing')
    const cashier = await joinAs(owner, 'pos', 'Cass')
    const manager = await joinAs(owner, 'user', 'Manny')
    const { data } = await logOf(owner, '&area=staff')
    expect(data.map((row) => [row.action, row.user, row.targetName])).toEqual([
      ['staff.invite', owner.userId, cashier.email],
      ['staff.accept', cashier.userId, cashier.email],
      ['staff.invite', owner.userId, manager.email],
      ['staff.accept', manager.userId, manager.email]
    ])
    expect(data[1].userName).toBe('Cass Staff')
    expect(data[0].changes.role).toEqual({ from: null, to: 'pos' })
  })

  it('records a role change made over the socket, from and to', async () => {
    const owner = await shopOwner(t.url, 'Socket role')
    const member = await joinAs(owner, 'pos', 'Rolf')
    const socket = await signedInSocket(owner.token)
    await call(socket, 'patch', 'shop/staff', member.memberId, { $set: { role: 'user' } }, { shop: owner.shopId })
    const [change] = (await logOf(owner, '&action=staff.change')).data
    expect(change).toMatchObject({ user: owner.userId, area: 'staff', target: member.memberId })
    expect(change.changes).toEqual({ role: { from: 'pos', to: 'user' } })
  })

  it('records withdrawing an invitation and removing a member', async () => {
    const owner = await shopOwner(t.url, 'Leavers')
    const member = await joinAs(owner, 'pos', 'Lee')
    const pending = await post(
      t.url,
      'shop/staff',
      { email: 'later@example.com', role: 'pos' },
      owner.token,
      `?shop=${owner.shopId}`
    )
    const pendingId = (pending.body as { _id: string })._id
    expect((await api(`shop/staff/${pendingId}?shop=${owner.shopId}`, 'DELETE', owner.token)).status).toBe(200)
    expect((await api(`shop/staff/${member.memberId}?shop=${owner.shopId}`, 'DELETE', owner.token)).status).toBe(200)
    const actions = (await logOf(owner, '&area=staff')).data.map((row) => [row.action, row.target])
    expect(actions.slice(-2)).toEqual([
      ['staff.withdraw', pendingId],
      ['staff.remove', member.memberId]
    ])
  })

  it('records a settings change over REST and over the socket with $set, naming each field', async () => {
    const owner = await shopOwner(t.url, 'Settings')
    expect((await api(`shops/${owner.shopId}`, 'PATCH', owner.token, { name: 'Renamed shop' })).status).toBe(200)
    const socket = await signedInSocket(owner.token)
    await call(socket, 'patch', 'shops', owner.shopId, { $set: { useCashboxLog: true } })
    const { data } = await logOf(owner, '&area=settings')
    expect(data.map((row) => row.changes)).toEqual([
      { name: { from: 'Settings', to: 'Renamed shop' } },
      { useCashboxLog: { from: false, to: true } }
    ])
    expect(data[1]).toMatchObject({ action: 'settings.change', targetName: 'Renamed shop', user: owner.userId })
  })

  it('writes nothing when the change is refused after it was made (the last admin stays)', async () => {
    const owner = await shopOwner(t.url, 'Rollback')
    const [me] = ((await api(`shop/staff?shop=${owner.shopId}`, 'GET', owner.token)).body?.data ?? []) as { _id: string }[]
    const before = (await logOf(owner)).total
    const refused = await api(`shop/staff/${me._id}?shop=${owner.shopId}`, 'PATCH', owner.token, { role: 'pos' })
    expect(refused).toMatchObject({ status: 400, body: { data: { key: 'errors.lastAdmin' } } })
    expect((await logOf(owner)).total).toBe(before)
  })

  it('filters by area, person, action, time and target text, and pages', async () => {
    const owner = await shopOwner(t.url, 'Filters')
    const member = await joinAs(owner, 'pos', 'Fil')
    for (const name of ['One', 'Two', 'Three'])
      expect((await api(`shops/${owner.shopId}`, 'PATCH', owner.token, { name })).status).toBe(200)
    expect((await logOf(owner, '&area=settings')).total).toBe(3)
    expect((await logOf(owner, `&user=${member.userId}`)).data.map((row) => row.action)).toEqual(['staff.accept'])
    expect((await logOf(owner, '&action=staff.invite')).total).toBe(1)
    expect((await logOf(owner, '&targetName[$regex]=Thr')).data.map((row) => row.targetName)).toEqual(['Three'])
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await logOf(owner, `&createdAt[$gte]=${future}`)).total).toBe(0)
    // Three renames, the invitation and its acceptance, and the shop's trial.
    expect((await logOf(owner, `&createdAt[$lt]=${future}`)).total).toBe(6)
    const page = await logOf(owner, '&$limit=4&$skip=4')
    expect([page.total, page.data.length]).toEqual([6, 2])
  })

  it('is read by admins only: other roles 403, another shop 404', async () => {
    const owner = await shopOwner(t.url, 'Readers')
    const other = await shopOwner(t.url, 'Other')
    const manager = await joinAs(owner, 'user', 'Mo')
    const [row] = (await logOf(owner, '&area=staff')).data
    expect(await api(`auditLogs?shop=${owner.shopId}`, 'GET', manager.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.noPermission' } }
    })
    expect((await api(`auditLogs/${row._id}?shop=${other.shopId}`, 'GET', other.token)).status).toBe(404)
    expect((await logOf(other)).data.every((entry) => entry.target !== row.target)).toBe(true)
    expect((await api(`auditLogs/${row._id}?shop=${owner.shopId}`, 'GET', owner.token)).status).toBe(200)
  })

  it('is changed through no door: REST and socket writes are refused, the row unchanged', async () => {
    const owner = await shopOwner(t.url, 'Immutable')
    expect((await api(`shops/${owner.shopId}`, 'PATCH', owner.token, { name: 'Changed' })).status).toBe(200)
    const [row] = (await logOf(owner, '&area=settings')).data
    const at = (id = '') => `auditLogs${id ? `/${id}` : ''}?shop=${owner.shopId}`
    expect((await api(at(), 'POST', owner.token, { area: 'staff', action: 'staff.invite' })).status).toBe(405)
    expect((await api(at(row._id), 'PATCH', owner.token, { action: 'forged' })).status).toBe(405)
    expect((await api(at(row._id), 'PUT', owner.token, { ...row, action: 'forged' })).status).toBe(405)
    expect((await api(at(row._id), 'DELETE', owner.token)).status).toBe(405)
    expect((await api(at(), 'PATCH', owner.token, { action: 'forged' })).status).toBe(405)
    const socket = await signedInSocket(owner.token)
    for (const [method, args] of [
      ['create', [{ area: 'staff', action: 'x' }]],
      ['patch', [row._id, { action: 'forged' }]],
      ['patch', [null, { $set: { action: 'forged' } }]],
      ['remove', [row._id]],
      ['remove', [null]]
    ] as const)
      await expect(call(socket, method, 'auditLogs', ...args, { shop: owner.shopId })).rejects.toMatchObject({ code: 405 })
    // Server code cannot write through the service either.
    const service = t.app.service('auditLogs') as unknown as { patch: (id: string, data: object) => Promise<unknown> }
    await expect(service.patch(row._id, { action: 'forged' })).rejects.toMatchObject({
      code: 405,
      data: { key: 'errors.auditLogReadOnly' }
    })
    expect((await logOf(owner, '&area=settings')).data[0]).toEqual(row)
  })
})
