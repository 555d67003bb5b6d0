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
import { migrations } from '../../../src/platform/db/migrations/index'
import { tableChecksums, type RunQuery, type TableChecksum } from '../../../src/platform/db/table-checksums'
import { shopOwner } from '../../support/accounts'
import { makeProduct, makeWarehouse } from '../../support/catalogue'
import { POSTGRES_ADMIN_URL, dialects, freshDb, type DialectName } from '../../support/databases'
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

/** A restore target under `work`: a new directory, and on PostgreSQL a new empty database (listed in `databases` to drop). */
const freshTargetIn = async (work: string, engine: DialectName, databases: string[], prefix: string) => {
  const dataDir = mkdtempSync(path.join(work, 'target-'))
  if (engine === 'pglite') return { dataDir, databaseUrl: undefined }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await admin(`create database ${name}`)
  databases.push(name)
  return { dataDir, databaseUrl: urlOf(name) }
}

/**
 * A running installation with a shop, stock, three paid orders and an attachment, and its backup taken
 * while it serves: PGlite's snapshot through the serving database, PostgreSQL's through pg_dump.
 */
const shopBackedUp = async (dialect: DialectName, work: string, prepare?: (t: TestApp) => Promise<unknown>) => {
  const source = path.join(work, 'source')
  const t = await startTestApp(dialect, { config: { dataDir: source } })
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
  const attachmentFile = path.join(
    owner.shopId,
    attachment,
    readdirSync(folder).find((name) => name.startsWith('original'))!
  )
  await prepare?.(t)
  const archive = path.join(work, 'backups', 'whole.tar.gz')
  await createBackup({
    out: archive,
    dataDir: source,
    databaseUrl: dialect === 'postgres' ? (t.db as { url?: string }).url : undefined,
    snapshot: t.db.dump ? () => t.db.dump!('none') : undefined,
    snapshotKind: 'server'
  })
  return { t, source, archive, attachmentFile }
}

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
  const freshTarget = () => freshTargetIn(work, dialect, databases, 'emporia_restore')

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
    ;({ t, source, archive, attachmentFile } = await shopBackedUp(dialect, work))
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
 * Restore across engines (decision 0217): a merchant moves from the embedded database to PostgreSQL
 * with `npm run backup` and `npm run restore`, and an operator opens a PostgreSQL backup in PGlite.
 * Every table's count and checksum, the sequences, and the attachment's bytes must be the same there.
 */
const engines = await dialects()
describe.each(engines.includes('postgres') ? (['pglite', 'postgres'] as const) : [])(
  'restore across engines: a %s backup',
  (from) => {
    const to: DialectName = from === 'pglite' ? 'postgres' : 'pglite'
    let t: TestApp
    let work: string
    let source: string
    let archive: string
    let attachmentFile: string
    const databases: string[] = []

    beforeAll(async () => {
      work = mkdtempSync(path.join(tmpdir(), 'emporia-across-test-'))
      // A sequence past where the target's migrations leave theirs: the restore must carry it over.
      ;({ t, source, archive, attachmentFile } = await shopBackedUp(from, work, (app) =>
        app.db.knex.raw(`select setval('"authFailures_id_seq"', 41)`)
      ))
    })

    afterAll(async () => {
      await t?.close()
      for (const name of databases) await admin(`drop database if exists ${name} with (force)`)
      rmSync(work, { recursive: true, force: true })
    })

    /** A fresh target on the other engine: a new directory, and for PostgreSQL a new empty database. */
    const freshTarget = () => freshTargetIn(work, to, databases, 'emporia_across')

    /** Each sequence's state, the job queue's aside (it moves by itself). */
    const sequencesOf = async (knex: TestApp['db']['knex']) =>
      (
        (await knex.raw(
          `select schemaname || '.' || sequencename as name, last_value from pg_sequences
       where schemaname <> 'pgboss' order by 1`
        )) as { rows: { name: string; last_value: number | null }[] }
      ).rows

    it(`restores into a fresh ${to} installation every table, sequence and uploaded file, and refuses it a second time`, async () => {
      const target = await freshTarget()
      const report = await restoreBackup({ archive, ...target })
      expect(report.differences).toEqual([])
      expect(report.ok).toBe(true)
      expect(report.manifest.dialect).toBe(from)
      expect(report.manifest.tables.find((sum) => sum.table === 'public.orders')?.rows).toBe(3)

      // Read again on the restored database itself, on its own engine.
      const db = await createDb({ ...target, poolMax: 1 })
      try {
        expect(db.dialect).toBe(to)
        const restored = await checksumsOf(db.knex)
        expect(restored).toEqual(report.manifest.tables)
        expect(business(restored)).toEqual(business(await checksumsOf(t.db.knex)))
        const sequences = await sequencesOf(db.knex)
        expect(sequences).toContainEqual({ name: 'public.authFailures_id_seq', last_value: 41 })
        expect(sequences).toEqual(await sequencesOf(t.db.knex))
        if (to === 'postgres') {
          // The row-security role may work every shop table, as the migrations grant it.
          const [{ ok }] = (
            (await db.knex.raw(
              `select bool_and(has_table_privilege('emporia_scoped', format('public.%I', tablename), 'select, insert, update, delete')) as ok
             from pg_tables where schemaname = 'public'`
            )) as { rows: { ok: boolean }[] }
          ).rows
          expect(ok).toBe(true)
        }
      } finally {
        await db.close()
      }
      expect(readFileSync(path.join(target.dataDir, 'media', attachmentFile))).toEqual(
        readFileSync(path.join(source, 'media', attachmentFile))
      )

      await expect(restoreBackup({ archive, ...target })).rejects.toThrow(/not empty.*--force/)
    })

    /** The same archive, its manifest changed by `change`. */
    const withManifest = async (name: string, change: (manifest: BackupManifest) => void) => {
      const unpacked = path.join(work, `unpacked-${name}`)
      const files = await extractArchive(archive, unpacked)
      const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest
      change(manifest)
      writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest))
      const changed = path.join(work, `${name}.tar.gz`)
      const writer = new ArchiveWriter(changed)
      for (const file of files) await writer.addFile(file.name, path.join(unpacked, file.name))
      await writer.close()
      return changed
    }

    /** The target as a restore found it: an empty directory, and no table in its database. */
    const expectUntouched = async (target: { dataDir: string; databaseUrl?: string }) => {
      expect(readdirSync(target.dataDir)).toEqual([])
      if (!target.databaseUrl) return
      const client = new pg.Client({ connectionString: target.databaseUrl })
      await client.connect()
      try {
        const { rows } = await client.query(
          `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`
        )
        expect(rows).toEqual([{ n: 0 }])
      } finally {
        await client.end()
      }
    }

    it("refuses a backup whose migrations are not this Emporia's before touching the target", async () => {
      // The schema comes from this code's migrations up to the backup's level: another history is refused.
      const other = await withManifest('other-history', (manifest) => (manifest.migrations.count -= 1))
      const target = await freshTarget()
      await expect(restoreBackup({ archive: other, ...target })).rejects.toThrow(/ran \d+ migrations up to .*use Emporia/)
      await expectUntouched(target)
    })

    it("refuses rows that do not fit the schema at the backup's level, and leaves the target as it found it", async () => {
      // A manifest claiming a level before the audit log's and the job queue's tables: their rows have nowhere to go.
      const names = Object.keys(migrations).sort()
      const before = names.indexOf('20261201020000-audit-log') - 1
      const older = await withManifest('older-level', (manifest) => {
        manifest.migrations = { count: before + 1, last: names[before] }
      })
      const target = await freshTarget()
      await expect(restoreBackup({ archive: older, ...target })).rejects.toThrow(
        /do not fit the schema.*does not exist.*nothing was restored/s
      )
      await expectUntouched(target)
    })
  }
)

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
