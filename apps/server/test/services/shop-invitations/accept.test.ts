import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, post, register, shopOwner, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/**
 * Issue 31 and decision 0134: an invitation is taken up only by the verified account of the e-mail it
 * names, and taking it up twice (two tabs, a double click) changes nothing the second time.
 */
describe.each(await dialects())('accepting and declining invitations (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  const invitee = async (label: string) => {
    const email = `${label}-${Math.random().toString(36).slice(2)}@example.com`
    await register(t.url, { email })
    const { body } = await login(t.url, email, 'secret-123')
    const token = body?.accessToken as string
    await verifyEmail(t.url, t.db.knex, email, token)
    return { email, token, userId: (body?.user as { _id: string })._id }
  }
  const invite = (owner: { token: string; shopId: string }, email: string) =>
    post(t.url, 'shop/staff', { email, role: 'pos' }, owner.token, `?shop=${owner.shopId}`)
  const pending = async (token: string) =>
    (await json(`${t.url}/api/shop/invitations`, { token })).body as unknown as { _id: string; shop: string }[]
  const accept = (id: string, token: string) =>
    json(`${t.url}/api/shop/invitations/${id}`, { method: 'PATCH', token, body: JSON.stringify({ accepted: true }) })
  const decline = (id: string, token: string) => json(`${t.url}/api/shop/invitations/${id}`, { method: 'DELETE', token })
  const member = (id: string) => t.db.knex('shopMembers').where({ _id: id }).first() as Promise<Record<string, unknown>>

  it('lets no other verified account accept or decline an invitation, even knowing its id', async () => {
    const owner = await shopOwner(t.url, 'Tea House')
    const colleague = await invitee('colleague')
    const other = await invitee('other')
    expect((await invite(owner, colleague.email)).status).toBe(201)
    const [invitation] = await pending(colleague.token)
    expect(invitation).toMatchObject({ shop: owner.shopId, shopName: 'Tea House', role: 'pos' })
    expect(await pending(other.token)).toEqual([])
    expect((await accept(invitation._id, other.token)).status).toBe(404)
    expect((await decline(invitation._id, other.token)).status).toBe(404)
    // Nor the shop's own admin (here unverified, so refused before the invitation is even looked up).
    expect((await accept(invitation._id, owner.token)).status).toBe(403)
    expect(await member(invitation._id)).toMatchObject({ accepted: false, user: null })
    const shops = (await json(`${t.url}/api/shops`, { token: other.token })).body as unknown as { data?: unknown[] } | unknown[]
    expect(JSON.stringify(shops)).not.toContain(owner.shopId)
  })

  it('accepts once: the shop joins the invitee’s list, and a second accept or a decline changes nothing', async () => {
    const owner = await shopOwner(t.url, 'Twice')
    const colleague = await invitee('twice')
    await invite(owner, colleague.email)
    const [invitation] = await pending(colleague.token)
    expect((await accept(invitation._id, colleague.token)).body).toMatchObject({ accepted: true, user: colleague.userId })
    const after = await member(invitation._id)
    expect((await accept(invitation._id, colleague.token)).status).toBe(404)
    expect((await decline(invitation._id, colleague.token)).status).toBe(404)
    expect(await member(invitation._id)).toEqual(after)
    expect(await pending(colleague.token)).toEqual([])
    const shops = await json(`${t.url}/api/shops`, { token: colleague.token })
    expect(JSON.stringify(shops.body)).toContain(owner.shopId)
  })

  it('declines for good: a declined invitation can no longer be accepted', async () => {
    const owner = await shopOwner(t.url, 'Declined')
    const colleague = await invitee('declines')
    await invite(owner, colleague.email)
    const [invitation] = await pending(colleague.token)
    expect((await decline(invitation._id, colleague.token)).status).toBe(200)
    expect((await accept(invitation._id, colleague.token)).status).toBe(404)
    expect(await member(invitation._id)).toBeUndefined()
  })
})
