import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArchiveWriter, extractArchive } from '../../../src/platform/backup/archive'
import { createBackup } from '../../../src/platform/backup/backup'
import type { BackupManifest } from '../../../src/platform/backup/manifest'
import { restoreBackup } from '../../../src/platform/backup/restore'
import { answerSnapshotRequests, requestSnapshot, snapshotFiles } from '../../../src/platform/backup/snapshot-request'
import { createDb } from '../../../src/platform/db/knex'
import { tableChecksums, type RunQuery, type TableChecksum } from '../../../src/platform/db/table-checksums'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { POSTGRES_ADMIN_URL, dialects, freshDb } from '../../support/databases'
import { restock } from '../../support/inventory-api'
import { madeOrder } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { tinyPng, uploadAs } from '../../support/uploads'

/** Every table's count and checksum as the backup reads them, in one transaction. */
const checksumsOf = async (knex: TestApp['db']['knex']): Promise<TableChecksum[]> =>
  knex.transaction(async (trx) => {
    const query: RunQuery = async (sql) => ((await trx.raw(sql)) as { rows: Record<string, unknown>[] }).rows
    return tableChecksums(query)
  })

/** The job queue's tables change on their own (its maintenance): every other table must match exactly. */
const business = (sums: TableChecksum[]) => sums.filter((sum) => !sum.table.startsWith('pgboss.'))

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
const urlOf = (name: string) => POSTGRES_ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)

/**
 * Backup and restore of a whole installation (decision 0210): a shop with stock, orders and an
 * attachment is backed up while its server serves, restored into a fresh directory or database, and
 * every table's row count and checksum and the attachment's bytes are the same there.
 */
describe.each(await dialects())('backup and restore (%s)', (dialect) => {
  let t: TestApp
  let work: string
  let source: string
  let archive: string
  let attachmentFile: string
  const databases: string[] = []

  /** A fresh target: a new directory, and on PostgreSQL a new empty database. */
  const freshTarget = async () => {
    const dataDir = mkdtempSync(path.join(work, 'target-'))
    if (dialect === 'pglite') return { dataDir, databaseUrl: undefined }
    const name = `emporia_restore_${randomBytes(6).toString('hex')}`
    await admin(`create database ${name}`)
    databases.push(name)
    return { dataDir, databaseUrl: urlOf(name) }
  }

  /** The restored installation's checksums, read on its own database. */
  const restoredChecksums = async (target: { dataDir: string; databaseUrl?: string }) => {
    const db = await createDb({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, poolMax: 1 })
    try {
      return await checksumsOf(db.knex)
    } finally {
      await db.close()
    }
  }

  const restore = (target: { dataDir: string; databaseUrl?: string }, options: { archive?: string; force?: boolean } = {}) =>
    restoreBackup({ archive: options.archive ?? archive, ...target, force: options.force })

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'emporia-backup-test-'))
    source = path.join(work, 'source')
    t = await startTestApp(dialect, { config: { dataDir: source } })
    const owner = await shopOwner(t.url, 'Backed up')
    const warehouse = await makeWarehouse(t, owner)
    const tea = await makeProduct(t, owner, { name: { en: 'Oolong' }, price: 1500 })
    const cake = await makeProduct(t, owner, { name: { en: 'Mooncake' }, price: 2800 })
    await restock(t, owner, { warehouse, product: tea, quantity: 40 })
    await restock(t, owner, { warehouse, product: cake, quantity: 12 })
    for (const quantity of [1, 2, 3])
      await madeOrder(t, owner, {
        warehouse,
        products: [
          { product: tea, quantity, price: 1500 },
          { product: cake, quantity: 1, price: 2800 }
        ],
        payments: [{ method: 'cash', amount: quantity * 1500 + 2800 }]
      })
    const attachment = await uploadAs(t.url, owner, tinyPng(), 'logo.png')
    const folder = path.join(source, 'media', owner.shopId, attachment)
    attachmentFile = path.join(
      owner.shopId,
      attachment,
      readdirSync(folder).find((name) => name.startsWith('original'))!
    )
    archive = path.join(work, 'backups', 'whole.tar.gz')
    // Taken while the server is up: PGlite's snapshot through the serving database, PostgreSQL's through pg_dump.
    await createBackup({
      out: archive,
      dataDir: source,
      databaseUrl: dialect === 'postgres' ? (t.db as { url?: string }).url : undefined,
      snapshot: t.db.dump ? () => t.db.dump!('none') : undefined,
      snapshotKind: 'server'
    })
  })

  afterAll(async () => {
    await t?.close()
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`)
    rmSync(work, { recursive: true, force: true })
  })

  it('restores into a fresh installation every table with its row count and checksum, and the attachment byte for byte', async () => {
    const target = await freshTarget()
    const report = await restore(target)
    expect(report.differences).toEqual([])
    expect(report.ok).toBe(true)

    const manifest = report.manifest
    expect(manifest).toMatchObject({ format: 'emporia-backup', dialect, migrations: { count: expect.any(Number) } })
    const rowsOf = (table: string) => manifest.tables.find((sum) => sum.table === table)?.rows
    expect(rowsOf('public.orders')).toBe(3)
    expect(rowsOf('public.stocks')).toBeGreaterThanOrEqual(2)
    expect(rowsOf('public.attachments')).toBe(1)
    expect(manifest.files.map((file) => file.name)).toContain(`media/${attachmentFile.split(path.sep).join('/')}`)

    // Read again on the restored database itself, not through the restore's own report.
    const restored = await restoredChecksums(target)
    expect(restored).toEqual(manifest.tables)
    expect(business(restored)).toEqual(business(await checksumsOf(t.db.knex)))
    expect(readFileSync(path.join(target.dataDir, 'media', attachmentFile))).toEqual(
      readFileSync(path.join(source, 'media', attachmentFile))
    )
  })

  it('refuses a target that holds data unless forced, and then replaces it', async () => {
    const target = await freshTarget()
    expect((await restore(target)).ok).toBe(true)
    await expect(restore(target)).rejects.toThrow(/not empty.*--force/)

    const forced = await restore(target, { force: true })
    expect(forced.ok).toBe(true)
    if (dialect === 'pglite') expect(readdirSync(forced.setAside!).sort()).toEqual(['media', 'pgdata'])
    expect(await restoredChecksums(target)).toEqual(forced.manifest.tables)
  })

  it('reports every table that differs from the manifest', async () => {
    // The same archive, its manifest claiming one order more than the database holds.
    const unpacked = path.join(work, `unpacked-${dialect}`)
    const files = await extractArchive(archive, unpacked)
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest
    const orders = manifest.tables.find((sum) => sum.table === 'public.orders')!
    orders.rows += 1
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest))
    const tampered = path.join(work, `tampered-${dialect}.tar.gz`)
    const writer = new ArchiveWriter(tampered)
    for (const file of files) await writer.addFile(file.name, path.join(unpacked, file.name))
    await writer.close()

    const report = await restore(await freshTarget(), { archive: tampered })
    expect(report.ok).toBe(false)
    expect(report.differences).toEqual([
      { table: 'public.orders', expected: orders, found: { ...orders, rows: orders.rows - 1 } }
    ])
  })

  it('refuses a damaged archive before touching the target', async () => {
    const damaged = path.join(work, `damaged-${dialect}.tar.gz`)
    const bytes = readFileSync(archive)
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const target = await freshTarget()
    await expect(restore(target, { archive: damaged })).rejects.toThrow(/cut off|damaged/)
    expect(readdirSync(target.dataDir)).toEqual([])
  })
})

/**
 * The embedded database's live snapshot (decision 0210): `npm run backup` asks the process holding
 * DATA_DIR through a request file, and that process answers with its dump. Here both sides run in one
 * process, the server's side on a real PGlite database.
 */
describe('snapshot requests to the serving PGlite process', () => {
  let work: string

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'emporia-snapshot-test-'))
  })
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('answers a request with a snapshot that holds what was committed before it', async () => {
    const db = await freshDb('pglite')
    const stop = answerSnapshotRequests(
      work,
      () => db.dump!('none'),
      () => undefined
    )
    try {
      await db.knex.raw(`create table snapshot_probe (n int)`)
      await db.knex.raw(`insert into snapshot_probe values (1), (2), (3)`)
      const file = await requestSnapshot(work, process.pid)
      expect(file).toBe(snapshotFiles(work, process.pid).snapshot)
      const copy = await createDb({ dataDir: 'memory://', initialData: new Blob([readFileSync(file)]) })
      try {
        expect(await copy.knex('snapshot_probe').count({ n: '*' })).toEqual([{ n: 3 }])
      } finally {
        await copy.close()
      }
      rmSync(file)
      // The request and its answer are gone: DATA_DIR keeps nothing of it.
      expect(readdirSync(work)).toEqual([])
    } finally {
      stop()
      await db.close()
    }
  })

  it('tells when the holder does not answer (a server older than live backups)', async () => {
    const quiet = mkdtempSync(path.join(work, 'quiet-'))
    await expect(requestSnapshot(quiet, process.pid, { pickupMs: 300 })).rejects.toThrow(/did not answer.*Stop it/)
    expect(readdirSync(quiet)).toEqual([])
  })
})
