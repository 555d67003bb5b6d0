import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/**
 * docs/decisions/0067: update operators on an account go through the same guards as a plain
 * patch, and only an account that proved its e-mail may take up an invitation sent to it.
 */
describe.each(await dialects())('account patches and invitations (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const fresh = async (label: string) => {
    const email = `${label}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    return { email, token: body?.accessToken as string, id: (body?.user as { _id: string })._id }
  }
  const patchUser = (who: { id: string; token: string }, data: unknown) =>
    json(`${t.url}/api/users/${who.id}`, { method: 'PATCH', body: JSON.stringify(data), token: who.token })
  const row = (id: string) => t.db.knex('users').where({ _id: id }).first() as Promise<Record<string, unknown>>

  it('refuses update operators on an account: no e-mail, password or other change slips past the guards', async () => {
    const me = await fresh('ops')
    const before = await row(me.id)
    for (const data of [
      { $set: { email: 'invited@example.com' } },
      { $set: { password: 'plain-text-1' } },
      { $set: { verified: true } },
      { $set: { firstName: 'Mei' } },
      { $unset: { password: '' } },
      { $unset: { firstName: '' } },
      { $push: { email: 'x' } },
      { $pull: { email: 'x' } },
      { firstName: 'Mei', $set: { email: 'invited@example.com' } }
    ]) {
      const answer = await patchUser(me, data)
      expect(answer.status, JSON.stringify(data)).toBe(400)
      expect(answer.body?.data, JSON.stringify(data)).toMatchObject({ key: 'format.unknownField' })
    }
    const after = await row(me.id)
    expect(after.email).toBe(before.email)
    expect(after.password).toBe(before.password)
    expect(String(after.password)).toMatch(/^\$argon2id\$/)
    expect(after.verified).toBe(false)
    expect(after.firstName ?? null).toBeNull()
    // A plain patch of profile fields still works, and the plain guards still refuse credentials.
    expect(await patchUser(me, { firstName: 'Mei' })).toMatchObject({ status: 200, body: { firstName: 'Mei' } })
    expect((await patchUser(me, { email: 'invited@example.com' })).status).toBe(400)
    expect((await patchUser(me, { password: 'plain-text-1' })).status).toBe(400)
  })

  it('an unverified account cannot list, accept or decline invitations sent to its address', async () => {
    const owner = await shopOwner(t.url, 'Wall')
    const email = `invited-${Math.random().toString(36).slice(2)}@example.com`
    expect((await post(t.url, 'shop/staff', { email, role: 'admin' }, owner.token, `?shop=${owner.shopId}`)).status).toBe(201)
    // Someone registers the invited address without owning the mailbox.
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    const refused = { status: 403, body: { data: { key: 'errors.emailNotVerified' } } }
    expect(await json(`${t.url}/api/shop/invitations`, { token })).toMatchObject(refused)
    const [pending] = await t.db.knex('shopMembers').where({ email, accepted: false })
    const accept = () =>
      json(`${t.url}/api/shop/invitations/${pending._id}`, { method: 'PATCH', token, body: JSON.stringify({ accepted: true }) })
    expect(await accept()).toMatchObject(refused)
    expect(await json(`${t.url}/api/shop/invitations/${pending._id}`, { method: 'DELETE', token })).toMatchObject(refused)
    expect((await t.db.knex('shopMembers').where({ _id: pending._id }).first()).accepted).toBe(false)

    // Whoever reads the code in that mailbox owns it: then the invitation is theirs to accept.
    await verifyEmail(t.url, t.db.knex, email, token)
    const list = (await json(`${t.url}/api/shop/invitations`, { token })).body as unknown as { _id: string }[]
    expect(list.map((entry) => entry._id)).toEqual([pending._id])
    expect((await accept()).status).toBe(200)
  })

  it('an unverified account cannot accept a sub-shop invitation either', async () => {
    const owner = await shopOwner(t.url, 'Parent')
    await json(`${t.url}/api/shops/${owner.shopId}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ useSubShop: true })
    })
    const email = `branch-${Math.random().toString(36).slice(2)}@example.com`
    const invite = await post(t.url, 'subShops', { email, name: 'Branch' }, owner.token, `?shop=${owner.shopId}`)
    expect(invite.status).toBe(201)
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    const id = (invite.body as { _id: string })._id
    const accept = () =>
      json(`${t.url}/api/shop/invitations/${id}`, { method: 'PATCH', token, body: JSON.stringify({ accepted: true }) })
    expect(await accept()).toMatchObject({ status: 403, body: { data: { key: 'errors.emailNotVerified' } } })
    await verifyEmail(t.url, t.db.knex, email, token)
    expect((await accept()).status).toBe(200)
  })
})
