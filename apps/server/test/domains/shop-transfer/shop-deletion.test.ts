import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { SHOP_DELETION_GRACE_DAYS } from '@emporia/shared'
import { JOB } from '../../../src/app-jobs'
import { purgeDueShops } from '../../../src/domains/shop-transfer/shop-deletion'
import { KEPT_ON_DELETION, printInUtc, shopTables, tableSum } from '../../../src/domains/shop-transfer/shop-tables'
import { DEMO_ACCOUNT, seedDemo } from '../../../src/scripts/demo-shop'
import { login, shopOwner } from '../../support/accounts'
import { stockedProduct } from '../../support/catalogue'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { tinyPng, uploadAs } from '../../support/uploads'

const DAY_MS = 24 * 60 * 60 * 1000

/** Count and checksum of every shop table's rows of one shop. */
const shopSums = (knex: Knex, shop: string) =>
  knex.transaction(async (trx) => {
    await printInUtc(trx)
    const found: Record<string, { count: number; checksum: string }> = {}
    for (const table of await shopTables(trx)) found[table] = await tableSum(trx, table, 'shop = ?', [shop])
    return found
  })

describe.each(await dialects())('deleting a shop after a grace period (%s)', (dialect) => {
  let t: TestApp
  let dataDir: string
  let shop: string
  let token: string
  let other: Awaited<ReturnType<typeof shopOwner>>
  const deletion = (method: string, body?: unknown, id = '') =>
    json(`${t.url}/api/shop/deletion${id ? `/${id}` : ''}?shop=${shop}`, {
      method,
      token,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-deletion-'))
    t = await startTestApp(dialect, { config: { dataDir } })
    await seedDemo(t.app as unknown as Application, () => undefined)
    shop = ((await t.db.knex('shops').where({ subdomain: 'demo' }).first('_id')) as { _id: string })._id
    token = (await login(t.url, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).body?.accessToken as string
    await uploadAs(t.url, { token, shopId: shop }, tinyPng(), 'logo.png')
    other = await shopOwner(t.url, 'Other Shop')
    await stockedProduct(t, other, 5)
    await uploadAs(t.url, { token: other.token, shopId: other.shopId }, tinyPng(), 'other.png')
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('asks for the typed name, closes the shop to its staff and storefront at once, and can be cancelled', async () => {
    expect((await deletion('GET')).body).toEqual({ shop, deleteAfter: null, requestedBy: null })
    const storefront = await fetch(`${t.url}/s/demo/`)
    expect(storefront.status).not.toBe(404)

    const wrong = await deletion('POST', { confirmName: 'Emporia Tea' })
    expect(wrong.status).toBe(400)
    expect((wrong.body?.data as { key: string }).key).toBe('errors.shopNameMismatch')
    expect((await deletion('GET')).body?.deleteAfter).toBeNull()

    const before = Date.now()
    const asked = await deletion('POST', { confirmName: '  emporia tea house ' })
    expect(asked.status).toBe(201)
    const deleteAfter = Date.parse(asked.body?.deleteAfter as string)
    expect(deleteAfter).toBeGreaterThanOrEqual(before + SHOP_DELETION_GRACE_DAYS * DAY_MS)
    expect(deleteAfter).toBeLessThanOrEqual(Date.now() + SHOP_DELETION_GRACE_DAYS * DAY_MS)

    const products = await json(`${t.url}/api/products?shop=${shop}`, { token })
    expect(products.status).toBe(403)
    expect((products.body?.data as { key: string }).key).toBe('errors.shopClosing')
    expect((await fetch(`${t.url}/s/demo/`)).status).toBe(404)
    // Another shop goes on as before.
    expect((await json(`${t.url}/api/products?shop=${other.shopId}`, { token: other.token })).status).toBe(200)

    const cancelled = await deletion('DELETE', undefined, shop)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body?.deleteAfter).toBeNull()
    expect((await json(`${t.url}/api/products?shop=${shop}`, { token })).status).toBe(200)
    expect((await fetch(`${t.url}/s/demo/`)).status).toBe(storefront.status)
    expect((await deletion('DELETE', undefined, shop)).body?.data).toMatchObject({ key: 'errors.shopDeletionNotAsked' })
  })

  it('the job removes every row of every shop table and the files after the date, and leaves other shops untouched', async () => {
    expect(Object.values(JOB)).toContain('shops.delete-due')
    expect((await deletion('POST', { confirmName: 'Emporia Tea House' })).status).toBe(201)
    const otherBefore = await shopSums(t.db.knex, other.shopId)
    const mine = await shopSums(t.db.knex, shop)
    expect(mine.orders.count).toBe(3)
    expect(mine.stocks.count).toBeGreaterThan(0)
    expect(existsSync(path.join(dataDir, 'media', shop))).toBe(true)

    // Before the date nothing goes.
    expect(await purgeDueShops(t.db.knex, { now: new Date(Date.now() + DAY_MS), dataDir })).toEqual([])
    expect((await shopSums(t.db.knex, shop)).orders.count).toBe(3)

    const reports = await purgeDueShops(t.db.knex, {
      now: new Date(Date.now() + (SHOP_DELETION_GRACE_DAYS + 1) * DAY_MS),
      dataDir
    })
    expect(reports.map((report) => report.shop)).toEqual([shop])
    expect(reports[0].removed.orders).toBe(3)
    const after = await shopSums(t.db.knex, shop)
    const left = Object.entries(after).filter(([table, sum]) => sum.count > 0 && !(table in KEPT_ON_DELETION))
    expect(left).toEqual([])
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(50)
    expect(existsSync(path.join(dataDir, 'media', shop))).toBe(false)
    const tombstone = (await t.db.knex('shops').where({ _id: shop }).first()) as Record<string, unknown>
    expect(tombstone).toMatchObject({ subdomain: `deleted-${shop}`, users: [] })
    expect(tombstone.deletedAt).not.toBeNull()
    expect(tombstone.contact ?? null).toBeNull()

    expect(await shopSums(t.db.knex, other.shopId)).toEqual(otherBefore)
    expect(existsSync(path.join(dataDir, 'media', other.shopId))).toBe(true)
    // A second run finds nothing to do; the deleted shop answers no one.
    expect(await purgeDueShops(t.db.knex, { now: new Date(Date.now() + 40 * DAY_MS), dataDir })).toEqual([])
    expect((await deletion('GET')).status).toBe(403)
  })
})
