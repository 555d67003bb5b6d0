import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, memberOf, setShop, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { tinyPng, uploadAs } from '../../support/uploads'

type Shop = Record<string, unknown> & { users: { user: string; posAccess?: string }[] }

/** The shop's POS settings and each member's level at the till (spec §2.13, §4.7, §6.2; decision 0095). */
describe.each(await dialects())('POS settings of the shop (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Settings')
    await setShop(t, owner.shopId, { attributes: { pos: true } })
  })
  afterAll(() => t.close())

  const patchShop = (body: Record<string, unknown>, who: Owner = owner) =>
    json(`${t.url}/api/shops/${who.shopId}`, { method: 'PATCH', token: who.token, body: JSON.stringify(body) })
  const getShop = async (who: Owner = owner) =>
    (await json(`${t.url}/api/shops/${who.shopId}`, { token: who.token })).body as Shop
  const refused = (key: string, field: string) => ({ status: 400, body: { data: { key, field } } })

  it('stores and answers the POS settings', async () => {
    const image = await uploadAs(t.url, owner, tinyPng())
    const settings = {
      posDrawerOpener: 'manager',
      posGuestMode: true,
      posInvoiceHeader: { en: 'Welcome', cht: '歡迎' },
      posInvoiceFooter: 'Thank you',
      posInvoiceQr: true,
      posBanners: [{ image, title: { en: 'Sale' }, enabled: true }]
    }
    expect(await patchShop(settings)).toMatchObject({ status: 200, body: settings })
    expect(await getShop()).toMatchObject(settings)
    expect((await patchShop({ posDrawerOpener: 'cashier' })).status).toBe(400)
    expect(await patchShop({ $set: { posBanners: [] } })).toMatchObject({ status: 200, body: { posBanners: [] } })
  })

  it("refuses a banner whose image is another shop's or no attachment at all, by any write path", async () => {
    const other = await shopOwner(t.url, 'Elsewhere')
    const theirs = await uploadAs(t.url, other, tinyPng())
    const mine = await uploadAs(t.url, owner, tinyPng())
    const banner = (image: string) => ({ image, enabled: true })
    expect(await patchShop({ posBanners: [banner(mine), banner(theirs)] })).toMatchObject(
      refused('pos.error.bannerImage', 'posBanners.1.image')
    )
    expect(await patchShop({ posBanners: [banner('0123456789abcdef01234567')] })).toMatchObject(
      refused('pos.error.bannerImage', 'posBanners.0.image')
    )
    expect((await patchShop({ posBanners: [banner(mine)] })).status).toBe(200)
    expect(await patchShop({ $push: { posBanners: banner(theirs) } })).toMatchObject(
      refused('pos.error.bannerImage', 'posBanners.1.image')
    )
    // A path inside the list is refused (by the base or by this rule); the banners stay as they were.
    expect((await patchShop({ $set: { 'posBanners.0.image': theirs } })).status).toBe(400)
    expect((await getShop()).posBanners).toEqual([banner(mine)])
    // A new shop has no media of its own yet.
    const created = await json(`${t.url}/api/shops`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ name: 'New', subdomain: `n${Date.now().toString(36)}`, posBanners: [banner(mine)] })
    })
    expect(created).toMatchObject(refused('pos.error.bannerImage', 'posBanners.0.image'))
  })

  it('lets the legacy cashier list only be cleared (spec §4.7 migration)', async () => {
    await setShop(t, owner.shopId, { posCashiers: [{ id: 'L1', name: 'Legacy' }] })
    expect((await getShop()).posCashiers).toEqual([{ id: 'L1', name: 'Legacy' }])
    const list = [{ id: 'L2', name: 'Again' }]
    expect(await patchShop({ posCashiers: list })).toMatchObject(refused('pos.error.posCashiersOnlyNull', 'posCashiers'))
    expect(await patchShop({ $set: { posCashiers: list } })).toMatchObject(
      refused('pos.error.posCashiersOnlyNull', 'posCashiers')
    )
    expect(await patchShop({ $push: { posCashiers: list[0] } })).toMatchObject(
      refused('pos.error.posCashiersOnlyNull', 'posCashiers')
    )
    expect((await getShop()).posCashiers).toEqual([{ id: 'L1', name: 'Legacy' }])
    // The till clears the list once it has moved it, whoever opens it; that call may change nothing else.
    const cashier = await memberOf(t, owner, 'pos')
    const asCashier = (body: Record<string, unknown>) => patchShop(body, { ...owner, token: cashier.token })
    expect((await asCashier({ posCashiers: null, phone: '1' })).status).toBe(403)
    expect((await asCashier({ $unset: { posCashiers: 1, phone: 1 } })).status).toBe(403)
    expect((await asCashier({ posCashiers: [] })).status).toBe(403)
    const cleared = await asCashier({ posCashiers: null })
    expect(cleared.status).toBe(200)
    expect(cleared.body).not.toHaveProperty('posCashiers')
    expect((await patchShop({ $unset: { posCashiers: 1 } })).status).toBe(200)
    const created = await json(`${t.url}/api/shops`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ name: 'New', subdomain: `c${Date.now().toString(36)}`, posCashiers: list })
    })
    expect(created).toMatchObject(refused('pos.error.posCashiersOnlyNull', 'posCashiers'))
  })

  it("gives each member's POS level in the shop's users: admin for admins, user otherwise, or as the staff entry sets it", async () => {
    const cashier = await memberOf(t, owner, 'pos')
    const levelOf = async (user: string) => (await getShop()).users.find((entry) => entry.user === user)?.posAccess
    expect(await levelOf(owner.userId)).toBe('admin')
    expect(await levelOf(cashier.userId)).toBe('user')
    const staff = await client(t, owner).get('shop/staff', `&user=${cashier.userId}`)
    const entry = (staff.body?.data as { _id: string }[])[0]
    expect(await client(t, owner).patch(`shop/staff/${entry._id}`, { posAccess: 'manager' })).toMatchObject({
      status: 200,
      body: { posAccess: 'manager' }
    })
    expect(await levelOf(cashier.userId)).toBe('manager')
    // The member reads its own level from the shop as the till does.
    const seen = (await json(`${t.url}/api/shops/${owner.shopId}`, { token: cashier.token })).body as Shop
    expect(seen.users.find((user) => user.user === cashier.userId)?.posAccess).toBe('manager')
    expect((await client(t, owner).patch(`shop/staff/${entry._id}`, { posAccess: 'boss' })).status).toBe(400)
    // Only admins change a member's level.
    expect((await client(t, cashier).patch(`shop/staff/${entry._id}`, { posAccess: 'admin' })).status).toBe(403)
  })
})
