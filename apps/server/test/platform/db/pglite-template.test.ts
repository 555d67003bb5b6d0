import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import tar from 'tar-stream'
import { createDb, pgliteVersion } from '../../../src/platform/db/knex'
import { migrate } from '../../../src/platform/db/migrate'
import { migrations } from '../../../src/platform/db/migrations/index'
import {
  TEMPLATE_FILE,
  TEMPLATE_MANIFEST,
  readTemplateManifest,
  startFromTemplate
} from '../../../src/platform/db/pglite-template'
import { buildTemplate } from '../../../src/platform/db/pglite-template-build'

/**
 * A new PGlite data directory starts from the build's migrated template (docs/decisions/0116): it
 * must be the same database migrations would make, used only when it fits, and never half written.
 */
const hasMigrationsTable = async (dataDir: string, templateDir: string) => {
  const db = await createDb({ dataDir, templateDir })
  try {
    // Read before migrating: a database from the template already holds every migration.
    const present = await db.knex.schema.hasTable('knex_migrations')
    const applied = present ? ((await db.knex('knex_migrations').pluck('name')) as string[]) : []
    await migrate(db.knex)
    const after = (await db.knex('knex_migrations').pluck('name')) as string[]
    return { present, applied, after }
  } finally {
    await db.close()
  }
}

/** A ustar archive of plain files, named as given (tar-stream writes the headers, checksums included). */
const tarOf = async (entries: [string, Buffer][]) => {
  const pack = tar.pack()
  for (const [name, data] of entries) pack.entry({ name, size: data.length, mode: 0o644 }, data)
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const chunk of pack) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('PGlite data directory template', () => {
  let templateDir: string
  const dirs: string[] = []
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emporia-template-'))
    dirs.push(dir)
    return dir
  }

  beforeAll(async () => {
    templateDir = newDir()
    expect(await buildTemplate(templateDir, 'sources-1')).toBe(true)
  })
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('records this PGlite and every migration it applied', () => {
    const manifest = readTemplateManifest(templateDir)!
    expect(manifest.pglite).toBe(pgliteVersion)
    expect(manifest.migrations).toEqual(Object.keys(migrations).sort())
    expect(manifest.sources).toBe('sources-1')
  })

  it('is remade only when its sources change', async () => {
    const made = readFileSync(path.join(templateDir, TEMPLATE_FILE))
    expect(await buildTemplate(templateDir, 'sources-1')).toBe(false)
    expect(readFileSync(path.join(templateDir, TEMPLATE_FILE)).equals(made)).toBe(true)
  })

  it('gives a new data directory every migration before the server migrates', async () => {
    const dataDir = newDir()
    const { present, applied, after } = await hasMigrationsTable(dataDir, templateDir)
    expect(present).toBe(true)
    expect(applied.sort()).toEqual(Object.keys(migrations).sort())
    expect(after.sort()).toEqual(applied)
    expect(readdirSync(dataDir)).toEqual(['pgdata'])
  })

  it('never replaces an existing database', async () => {
    const dataDir = newDir()
    const first = await createDb({ dataDir, templateDir })
    await first.knex.schema.createTable('kept', (t) => t.string('key'))
    await first.knex('kept').insert({ key: 'mine' })
    await first.close()
    const again = await createDb({ dataDir, templateDir })
    try {
      expect(await again.knex('kept').pluck('key')).toEqual(['mine'])
    } finally {
      await again.close()
    }
  })

  it('is not used when it holds a migration this server does not know, or came from another PGlite', async () => {
    const manifestFile = path.join(templateDir, TEMPLATE_MANIFEST)
    const original = readFileSync(manifestFile, 'utf8')
    try {
      const manifest = JSON.parse(original) as { migrations: string[]; pglite: string }
      writeFileSync(manifestFile, JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '29991231000000-future'] }))
      expect(await startFromTemplate(path.join(newDir(), 'pgdata'), templateDir, pgliteVersion)).toBe(false)
      writeFileSync(manifestFile, JSON.stringify({ ...manifest, pglite: '0.0.1' }))
      const fresh = await hasMigrationsTable(newDir(), templateDir)
      expect(fresh.present).toBe(false) // initdb, then every migration at start
      expect(fresh.after.sort()).toEqual(Object.keys(migrations).sort())
    } finally {
      writeFileSync(manifestFile, original)
    }
  })

  it('refuses an archive entry outside the directory and leaves nothing half written', async () => {
    const badDir = newDir()
    writeFileSync(path.join(badDir, TEMPLATE_MANIFEST), readFileSync(path.join(templateDir, TEMPLATE_MANIFEST)))
    const archive = await tarOf([
      ['/PG_VERSION', Buffer.from('17\n')],
      ['/../escaped', Buffer.from('x')]
    ])
    writeFileSync(path.join(badDir, TEMPLATE_FILE), gzipSync(archive))
    const dataDir = newDir()
    await expect(startFromTemplate(path.join(dataDir, 'pgdata'), badDir, pgliteVersion)).rejects.toThrow(/unexpected entry/)
    expect(readdirSync(dataDir)).toEqual([])
    expect(existsSync(path.join(path.dirname(dataDir), 'escaped'))).toBe(false)
  })
})
