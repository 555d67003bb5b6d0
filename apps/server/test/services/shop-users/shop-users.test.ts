import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopUserSchema, textCondition } from '@emporia/shared'
import { newObjectId } from '../../../src/platform/http/object-id'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { recordServiceContract } from '../../support/record-contract'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does; tests of shopUsers's own rules go below.
// A customer is known by a name, an e-mail or a phone (decision 0083): the schema's sample adds one.
await recordServiceContract('shopUsers', shopUserSchema, undefined, (sample) => ({ ...sample, firstName: 'Contract' }))

describe.each(await dialects())('shopUsers: their own rules (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Customers')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  let serial = 0
  const unique = () => `${Date.now().toString(36)}${++serial}`
  const refused = (status: number, field: string, key: string) => ({ status, body: { data: { key, field } } })
  const company = async (shop: string) => {
    const _id = newObjectId()
    const now = new Date()
    await t.db.knex('companyUsers').insert({ _id, shop, name: 'Acme Ltd', createdAt: now, updatedAt: now })
    return _id
  }

  it('keeps the stored form by every way of writing: name, lower-case e-mail, phone without spaces, type, date', async () => {
    const made = await api.made('shopUsers', {
      firstName: ' Mei ',
      lastName: 'Chan',
      email: 'Mei.Chan@Example.COM',
      phone: '9123 4567'
    })
    expect(made).toMatchObject({ name: 'Mei Chan', email: 'mei.chan@example.com', phone: '91234567', type: 'normal' })
    expect(Number.isNaN(Date.parse(String(made.date)))).toBe(false)
    expect((await api.patch(`shopUsers/${made._id}`, { lastName: 'Wong' })).body).toMatchObject({ name: 'Mei Wong' })
    expect((await api.patch(`shopUsers/${made._id}`, { $set: { firstName: 'May' } })).body).toMatchObject({ name: 'May Wong' })
    expect((await api.patch(`shopUsers/${made._id}`, { $unset: { lastName: '' } })).status).toBe(200)
    const stored = await t.db.knex('shopUsers').where({ _id: made._id }).first('name', 'email', 'phone')
    expect(stored).toMatchObject({ name: 'May', email: 'mei.chan@example.com', phone: '91234567' })
    // `name` is the server's: a client's is ignored.
    expect((await api.patch(`shopUsers/${made._id}`, { name: 'Someone else' })).body).toMatchObject({ name: 'May' })
  })

  it('needs a name, an e-mail or a phone, one default address at most, and a company of the shop for a company customer', async () => {
    expect(await api.create('shopUsers', { title: 'Ms', remarks: 'walk-in' })).toMatchObject(
      refused(400, 'firstName', 'customer.nameOrContact')
    )
    const phoneOnly = await api.made('shopUsers', { phone: `6${String(++serial).padStart(7, '0')}` })
    expect(await api.patch(`shopUsers/${phoneOnly._id}`, { $set: { phone: null } })).toMatchObject(
      refused(400, 'firstName', 'customer.nameOrContact')
    )
    const home = { label: 'Home', city: 'Hong Kong', default: true }
    expect(await api.create('shopUsers', { firstName: 'Two', addresses: [home, { ...home, label: 'Work' }] })).toMatchObject(
      refused(400, 'addresses', 'customer.oneDefaultAddress')
    )
    const one = await api.made('shopUsers', { firstName: 'One', addresses: [home] })
    expect(await api.patch(`shopUsers/${one._id}`, { $push: { addresses: { label: 'Work', default: true } } })).toMatchObject(
      refused(400, 'addresses', 'customer.oneDefaultAddress')
    )
    const ours = await company(owner.shopId)
    const other = await shopOwner(t.url, 'Elsewhere')
    const theirs = await company(other.shopId)
    expect(await api.create('shopUsers', { firstName: 'Buyer', type: 'company', company: theirs })).toMatchObject(
      refused(400, 'company', 'customer.noSuchCompany')
    )
    expect(await api.create('shopUsers', { firstName: 'Buyer', company: ours })).toMatchObject(
      refused(400, 'company', 'customer.companyType')
    )
    expect(await api.made('shopUsers', { firstName: 'Buyer', type: 'company', company: ours })).toMatchObject({ company: ours })
  })

  it('keeps e-mail and phone unique in the shop (any case, any spacing, by patch and $set too), not across shops', async () => {
    const email = `dup-${unique()}@example.com`
    const phone = `5${String(++serial).padStart(7, '0')}`
    await api.made('shopUsers', { firstName: 'First', email, phone })
    expect(await api.create('shopUsers', { firstName: 'Second', email: email.toUpperCase() })).toMatchObject(
      refused(409, 'email', 'customer.emailTaken')
    )
    expect(await api.create('shopUsers', { firstName: 'Second', phone: `${phone.slice(0, 4)} ${phone.slice(4)}` })).toMatchObject(
      refused(409, 'phone', 'customer.phoneTaken')
    )
    const second = await api.made('shopUsers', { firstName: 'Second' })
    expect(await api.patch(`shopUsers/${second._id}`, { email })).toMatchObject(refused(409, 'email', 'customer.emailTaken'))
    expect(await api.patch(`shopUsers/${second._id}`, { $set: { phone } })).toMatchObject(
      refused(409, 'phone', 'customer.phoneTaken')
    )
    const unchanged = (await api.get(`shopUsers/${second._id}`)).body
    expect([unchanged?.email ?? null, unchanged?.phone ?? null]).toEqual([null, null])
    const other = await shopOwner(t.url, 'Other shop')
    expect((await client(t, other).create('shopUsers', { firstName: 'Elsewhere', email, phone })).status).toBe(201)
  })

  it('lets exactly one of two concurrent creates with the same e-mail win', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `race-${unique()}@example.com`
      const answers = await Promise.all([
        api.create('shopUsers', { firstName: 'A', email }),
        api.create('shopUsers', { firstName: 'B', email: email.toUpperCase() })
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.status === 409)).toMatchObject(refused(409, 'email', 'customer.emailTaken'))
      const [{ n }] = (await t.db.knex('shopUsers').where({ shop: owner.shopId, email }).count({ n: '*' })) as { n: string }[]
      expect(Number(n)).toBe(1)
    }
  })

  it('finds customers by a prefix of name, first or last name, e-mail or phone, as the search dialog asks', async () => {
    const tag = unique()
    await api.made('shopUsers', { firstName: `Zed${tag}`, lastName: 'Lam', email: `zed${tag}@example.com`, phone: '77001234' })
    await api.made('shopUsers', { firstName: `Zoe${tag}`, lastName: `Kwok${tag}`, phone: '77009999' })
    await api.made('shopUsers', { firstName: 'Ann', lastName: `X${tag}zed` })
    const names = async (query: Record<string, unknown>) => {
      const found = await api.call('GET', 'shopUsers', undefined, `&${qs(query)}&$sort[name]=1`)
      expect(found.status).toBe(200)
      return (found.body?.data as { firstName: string }[]).map((row) => row.firstName)
    }
    expect(await names({ $and: [{ name: textCondition('regstart', `zed${tag}`) }] })).toEqual([`Zed${tag}`])
    expect(await names({ $and: [{ lastName: textCondition('regstart', `KWOK${tag}`) }] })).toEqual([`Zoe${tag}`])
    expect(await names({ $and: [{ email: textCondition('regstart', `ZED${tag}@`) }] })).toEqual([`Zed${tag}`])
    expect(await names({ $and: [{ phone: textCondition('regstart', '7700') }] })).toEqual([`Zed${tag}`, `Zoe${tag}`])
    // A prefix, not a substring: "zed" inside a last name does not match.
    expect(await names({ $and: [{ lastName: textCondition('regstart', 'zed') }] })).toEqual([])
    // The total is the search's, and a page holds the rest.
    const paged = await api.call('GET', 'shopUsers', undefined, `&${qs({ phone: textCondition('regstart', '7700') })}&$limit=1`)
    expect(paged.body).toMatchObject({ total: 2, limit: 1 })
    expect((paged.body?.data as unknown[]).length).toBe(1)
  })

  it('lets the counter read customers but not change them; removes one without orders', async () => {
    const pos = await memberOf(t, owner, 'pos')
    const cashier = client(t, pos)
    const made = await api.made('shopUsers', { firstName: 'Counter' })
    expect((await cashier.get(`shopUsers/${made._id}`)).status).toBe(200)
    expect((await cashier.create('shopUsers', { firstName: 'No' })).status).toBe(403)
    expect((await cashier.patch(`shopUsers/${made._id}`, { firstName: 'No' })).status).toBe(403)
    expect((await api.remove(`shopUsers/${made._id}`)).status).toBe(200)
  })
})

/** A query as the web's REST client writes it (qs brackets). */
const qs = (value: unknown, prefix = ''): string =>
  Object.entries(value as Record<string, unknown>)
    .map(([key, item], index) => {
      const name = prefix ? `${prefix}[${Array.isArray(value) ? index : key}]` : key
      return item !== null && typeof item === 'object'
        ? qs(item, name)
        : `${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`
    })
    .join('&')
