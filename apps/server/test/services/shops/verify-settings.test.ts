import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { post, shopOwner, verifyEmail } from '../../support/accounts'
import { call, connect, json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { eventHeard } from '../../support/waits'
import { startTestApp, type TestApp } from '../../support/test-app'

/** The shop's sign-in requirements (issue 31, decision 0138): only admins set them; unverified members reach no shop data. */
describe.each(await dialects())('shop verification requirement (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Verify')
  })
  afterAll(() => t.close())

  const patchShop = (token: string, body: unknown) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token, body: JSON.stringify(body) })
  const getShop = (token: string) => json(`${t.url}/api/shops/${owner.shopId}`, { token })
  const products = (token: string) => json(`${t.url}/api/products?shop=${owner.shopId}`, { token })
  /** Takes the account's verification away, as an e-mail change would, and drops the cached account. */
  const unverify = async (userId: string) => {
    await t.db.knex('users').where({ _id: userId }).update({ verified: false })
    t.app.service('users').emit('patched', { _id: userId })
  }

  it('is off by default; only a verified admin turns it on; members who are not admins are refused', async () => {
    expect((await getShop(owner.token)).body).toMatchObject({ staffVerifyRequired: false, adminTwoStepRequired: false })
    // The owner has not verified yet: turning it on would lock them out.
    expect(await patchShop(owner.token, { staffVerifyRequired: true })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.verifyYourselfFirst' } }
    })
    expect(await patchShop(owner.token, { $set: { staffVerifyRequired: true } })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.verifyYourselfFirst' } }
    })
    expect((await getShop(owner.token)).body).toMatchObject({ staffVerifyRequired: false })
    // The other setting is not the verify rule's: an unverified admin may set it.
    expect(await patchShop(owner.token, { adminTwoStepRequired: false })).toMatchObject({ status: 200 })
    const staff = await memberOf(t, owner, 'user')
    expect(await patchShop(staff.token, { staffVerifyRequired: true })).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.noPermission' } }
    })
    expect(await patchShop(staff.token, { adminTwoStepRequired: true })).toMatchObject({ status: 403 })
    expect(await patchShop(owner.token, { staffVerifyRequired: 'yes' })).toMatchObject({ status: 400 })
    await verifyEmail(t.url, t.db.knex, owner.email, owner.token)
    expect(await patchShop(owner.token, { staffVerifyRequired: true, adminTwoStepRequired: false })).toMatchObject({
      status: 200,
      body: { staffVerifyRequired: true, adminTwoStepRequired: false }
    })
    expect(await patchShop(owner.token, { $set: { staffVerifyRequired: false } })).toMatchObject({
      status: 200,
      body: { staffVerifyRequired: false }
    })
  })

  it('refuses an unverified member the shop data by REST and socket, keeps the account flows open, and lets them in once verified', async () => {
    const staff = await memberOf(t, owner, 'user')
    const admin = await memberOf(t, owner, 'admin')
    await unverify(staff.userId)
    await unverify(admin.userId)
    // The screen's warning: whom turning it on would lock out, for admins only.
    const unverified = await json(`${t.url}/api/shop/unverified-staff?shop=${owner.shopId}`, { token: owner.token })
    expect(unverified).toMatchObject({ status: 200, body: { shop: owner.shopId, total: 2 } })
    expect((unverified.body!.data as { user: string; name: string }[]).map((row) => row.user).sort()).toEqual(
      [staff.userId, admin.userId].sort()
    )
    expect((unverified.body!.data as { name: string }[]).every((row) => row.name.length > 0)).toBe(true)
    expect(await json(`${t.url}/api/shop/unverified-staff?shop=${owner.shopId}`, { token: staff.token })).toMatchObject({
      status: 403
    })
    // Off: verification is not asked.
    expect((await products(staff.token)).status).toBe(200)
    expect((await patchShop(owner.token, { staffVerifyRequired: true })).status).toBe(200)
    const refused = { status: 403, body: { data: { key: 'errors.verifyRequired' } } }
    expect(await products(staff.token)).toMatchObject(refused)
    expect(
      await json(`${t.url}/api/products?shop=${owner.shopId}`, { method: 'POST', token: staff.token, body: '{}' })
    ).toMatchObject(refused)
    expect(await products(admin.token)).toMatchObject(refused)
    // An unverified admin changes nothing of the shop while it is on (and so cannot turn it off for themself).
    expect(await patchShop(admin.token, { staffVerifyRequired: false })).toMatchObject(refused)
    expect(await patchShop(admin.token, { name: 'Renamed' })).toMatchObject(refused)
    // The socket door answers the same.
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: staff.token })
      await expect(call(socket, 'find', 'products', { shop: owner.shopId })).rejects.toMatchObject({
        code: 403,
        data: { key: 'errors.verifyRequired' }
      })
      // Nor does it hear the shop's events: a product made now is not heard, one made once verified is.
      const heard: string[] = []
      socket.on('products created', (product: { name: string }) => heard.push(product.name))
      await client(t, owner).made('products', { name: 'Unheard', price: 100 })
      // The shop itself still reads, so the app can tell why; the account's flows are open.
      expect(await call(socket, 'get', 'shops', owner.shopId)).toMatchObject({ staffVerifyRequired: true })
      expect((await getShop(staff.token)).status).toBe(200)
      expect((await post(t.url, 'users/resend', {}, staff.token)).status).toBeLessThan(300)
      const email = (await t.db.knex('users').where({ _id: staff.userId }).first()).email as string
      await verifyEmail(t.url, t.db.knex, email, staff.token)
      expect((await call<{ data: unknown[] }>(socket, 'find', 'products', { shop: owner.shopId })).data).toHaveLength(1)
      const marker = eventHeard<{ name: string }>(socket, 'products created', (product) => product.name === 'Heard')
      await client(t, owner).made('products', { name: 'Heard', price: 100 })
      await marker
      expect(heard).toEqual(['Heard'])
    } finally {
      socket.close()
    }
    expect((await products(staff.token)).status).toBe(200)
    // Other shops' rules are theirs: the admin is refused here only.
    expect(await products(admin.token)).toMatchObject(refused)
  })
})
