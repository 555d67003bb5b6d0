import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { DEMO_ACCOUNT, seedDemo } from '../../../src/scripts/demo-shop'
import { ImportRefused, exportShop, importShop, type ShopManifest } from '../../../src/domains/shop-transfer/shop-archive'
import { NOT_EXPORTED, migrationLevel, printInUtc, shopTables, tableSum } from '../../../src/domains/shop-transfer/shop-tables'
import { newObjectId } from '../../../src/platform/http/object-id'
import { activeSecretsKeyring, keyringOf, newSecretsKey } from '../../../src/platform/secrets/secrets-key'
import { readShopSecret, writeShopSecrets } from '../../../src/platform/secrets/shop-secrets'
import { login } from '../../support/accounts'
import { dialects, freshDb } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { tinyPng, uploadAs } from '../../support/uploads'

/** Count and checksum of every table the manifest names, for one shop, as the database computes them. */
const sums = (knex: Knex, shop: string, manifest: ShopManifest, staff: string[]) =>
  knex.transaction(async (trx) => {
    await printInUtc(trx)
    const found: Record<string, { count: number; checksum: string }> = {}
    for (const table of Object.keys(manifest.tables)) {
      if (table === 'shops') found[table] = await tableSum(trx, table, '_id = ?', [shop])
      else if (table === 'users') found[table] = await tableSum(trx, table, '_id = any(?)', [staff])
      else if (table === 'staffPins') found[table] = await tableSum(trx, table, '"user" = any(?)', [staff])
      else found[table] = await tableSum(trx, table, 'shop = ?', [shop])
    }
    return found
  })

/** Every row count of every table of the app's schema: what "nothing was written" compares. */
const everyCount = async (knex: Knex) => {
  const { rows } = (await knex.raw(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relkind = 'r' order by 1`
  )) as { rows: { name: string }[] }
  const counts: Record<string, number> = {}
  for (const { name } of rows) counts[name] = Number(((await knex(name).count({ n: '*' }).first()) as { n: string }).n)
  return counts
}

const ids = async (knex: Knex, table: string, shop: string) =>
  ((await knex(table).select('_id').where({ shop }).orderBy('_id')) as { _id: string }[]).map((row) => row._id)

describe.each(await dialects())('moving one shop to another installation (%s)', (dialect) => {
  let source: TestApp
  let sourceDir: string
  let work: string
  let shop: string
  let file: string
  let manifest: ShopManifest
  beforeAll(async () => {
    sourceDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-source-'))
    work = mkdtempSync(path.join(tmpdir(), 'emporia-shop-transfer-'))
    source = await startTestApp(dialect, { config: { dataDir: sourceDir } })
    await seedDemo(source.app as unknown as Application, () => undefined)
    shop = ((await source.db.knex('shops').where({ subdomain: 'demo' }).first('_id')) as { _id: string })._id
    const { body } = await login(source.url, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    await uploadAs(source.url, { token: body?.accessToken as string, shopId: shop }, tinyPng(), 'logo.png')
    await source.db.knex.transaction((trx) => writeShopSecrets(trx, shop, { stripeSecretKey: 'sk_test_moving' }))
    file = path.join(work, 'demo.shop.gz')
    manifest = await exportShop({ knex: source.db.knex, shop, file, dataDir: sourceDir, passphrase: 'correct horse' })
  })
  afterAll(async () => {
    await source.close()
    rmSync(sourceDir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  })

  it('exports every table with a shop column (from the catalogue, not a list), bar the few it says why', async () => {
    const tables = await shopTables(source.db.knex)
    expect(tables.length).toBeGreaterThanOrEqual(50)
    expect(tables.filter((table) => !(table in manifest.tables) && !(table in NOT_EXPORTED))).toEqual([])
    for (const table of Object.keys(NOT_EXPORTED)) expect(tables).toContain(table)
    expect(manifest.tables.orders.count).toBe(3)
    expect(manifest.tables.stocks.count).toBeGreaterThan(0)
    expect(manifest.tables.attachments.count).toBe(1)
    expect(manifest.files.length).toBeGreaterThanOrEqual(1)
    expect(manifest.staff.map((user) => user.email)).toEqual([DEMO_ACCOUNT.email])
    expect(manifest.secrets).toMatchObject({ mode: 'passphrase', names: ['stripeSecretKey'] })
    expect(manifest.migration).toBe(await migrationLevel(source.db.knex))
    // The secret travels sealed under the passphrase, never in clear.
    const { gunzipSync } = await import('node:zlib')
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toContain('sk_test_moving')
  })

  it('a table a new service adds is exported with no list to change', async () => {
    await source.db.knex.raw(`create table "gadgets" (_id char(24) primary key, shop char(24) not null, name text)`)
    try {
      await source.db.knex('gadgets').insert({ _id: newObjectId(), shop, name: 'spare till' })
      const more = await exportShop({ knex: source.db.knex, shop, file: path.join(work, 'gadgets.gz'), dataDir: sourceDir })
      expect(more.tables.gadgets).toMatchObject({ count: 1 })
      expect(more.secrets).toEqual({ mode: 'omitted', names: ['stripeSecretKey'] })
    } finally {
      await source.db.knex.raw('drop table "gadgets"')
    }
  })

  it('imports into a fresh database with ids and checksums equal, orders, stock and files included; a second import is refused and writes nothing', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-target-'))
    const keyring = keyringOf([newSecretsKey()], 'target')
    try {
      const report = await importShop({ knex: target.knex, file, dataDir: targetDir, passphrase: 'correct horse', keyring })
      expect(report.createdUsers).toEqual(manifest.staff.map((user) => user._id))
      expect(report.linkedUsers).toEqual([])
      expect(report.twoStepReset).toEqual([])
      expect(Object.keys(manifest.tables)).not.toContain('userTwoStep')
      expect(report.secretsToReenter).toEqual([])
      const staff = manifest.staff.map((user) => user._id)
      const there = await sums(target.knex, shop, manifest, staff)
      const here = await sums(source.db.knex, shop, manifest, staff)
      expect(there).toEqual(here)
      expect(there).toEqual(manifest.tables)
      for (const table of ['orders', 'payments', 'stocks', 'inventoryLogs', 'products', 'shopMembers'])
        expect(await ids(target.knex, table, shop)).toEqual(await ids(source.db.knex, table, shop))
      expect((await ids(target.knex, 'orders', shop)).length).toBe(3)
      // Sealed again under the target's key, and it opens there.
      expect(await readShopSecret(target.knex, shop, 'stripeSecretKey', keyring)).toBe('sk_test_moving')
      expect(await readShopSecret(source.db.knex, shop, 'stripeSecretKey', activeSecretsKeyring())).toBe('sk_test_moving')
      for (const entry of manifest.files)
        expect(readFileSync(path.join(targetDir, entry.path))).toEqual(readFileSync(path.join(sourceDir, entry.path)))

      const before = await everyCount(target.knex)
      const again = await importShop({ knex: target.knex, file, dataDir: targetDir, passphrase: 'correct horse', keyring }).catch(
        (error: unknown) => error
      )
      expect(again).toBeInstanceOf(ImportRefused)
      expect((again as ImportRefused).reasons).toEqual(
        expect.arrayContaining([
          `shop ${shop} already exists here`,
          'subdomain demo is taken here',
          expect.stringMatching(/^orders: 3 id\(s\) already exist here$/)
        ])
      )
      expect(await everyCount(target.knex)).toEqual(before)
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })

  it('one order id already used in the target refuses the whole import, nothing written', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-target-'))
    try {
      const [orderId] = await ids(source.db.knex, 'orders', shop)
      const other = newObjectId()
      await target
        .knex('shops')
        .insert({ _id: other, name: JSON.stringify({ en: 'Other' }), subdomain: 'other', validUtil: new Date() })
      await target
        .knex('orders')
        .insert({ _id: orderId, shop: other, orderId: 'X-1', status: 'paid', date: new Date(), source: 'pos', products: '[]' })
      const before = await everyCount(target.knex)
      const refused = await importShop({ knex: target.knex, file, dataDir: targetDir }).catch((error: unknown) => error)
      expect((refused as ImportRefused).reasons).toEqual(['orders: 1 id(s) already exist here'])
      expect(await everyCount(target.knex)).toEqual(before)
      expect(existsSync(path.join(targetDir, 'media', shop))).toBe(false)
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })

  it('a staff account made by the import has two-step sign-in off (its secret is sealed under the source key and stays)', async () => {
    const [staff] = manifest.staff
    await source.db.knex('users').where({ _id: staff._id }).update({ twoStep: true })
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-target-'))
    try {
      const twoStepFile = path.join(work, 'two-step.gz')
      await exportShop({ knex: source.db.knex, shop, file: twoStepFile, dataDir: sourceDir })
      const report = await importShop({ knex: target.knex, file: twoStepFile, dataDir: targetDir })
      expect(report.twoStepReset).toEqual([staff._id])
      expect(await target.knex('users').where({ _id: staff._id }).first('twoStep')).toEqual({ twoStep: false })
      expect(Number(((await target.knex('userTwoStep').count({ n: '*' }).first()) as { n: string }).n)).toBe(0)
    } finally {
      await source.db.knex('users').where({ _id: staff._id }).update({ twoStep: false })
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })

  it('refuses another migration level, and links a staff account that exists by e-mail instead of duplicating it', async () => {
    const target = await freshDb(dialect)
    const targetDir = mkdtempSync(path.join(tmpdir(), 'emporia-shop-target-'))
    try {
      const level = await migrationLevel(target.knex)
      const [last] = (await target.knex('knex_migrations').where({ name: level })) as Record<string, unknown>[]
      await target.knex('knex_migrations').where({ name: level }).delete()
      await expect(importShop({ knex: target.knex, file, dataDir: targetDir })).rejects.toThrow(/migration/)
      await target.knex('knex_migrations').insert(last)

      const existing = newObjectId()
      await target.knex('users').insert({ _id: existing, email: DEMO_ACCOUNT.email.toUpperCase(), password: 'elsewhere' })
      const report = await importShop({ knex: target.knex, file, dataDir: targetDir })
      expect(report.linkedUsers).toEqual([{ email: DEMO_ACCOUNT.email, from: manifest.staff[0]._id, to: existing }])
      expect(report.createdUsers).toEqual([])
      expect(report.secretsToReenter).toEqual(['stripeSecretKey'])
      const members = (await target.knex('shopMembers').where({ shop }).select('user')) as { user: string }[]
      expect(members.map((member) => member.user)).toEqual([existing])
      const shopRow = (await target.knex('shops').where({ _id: shop }).first('users')) as { users: { user: string }[] }
      expect(shopRow.users.map((member) => member.user)).toEqual([existing])
      expect(Number(((await target.knex('users').count({ n: '*' }).first()) as { n: string }).n)).toBe(1)
    } finally {
      await target.close()
      rmSync(targetDir, { recursive: true, force: true })
    }
  })
})
