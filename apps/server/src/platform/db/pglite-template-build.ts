import { mkdirSync } from 'node:fs'
import { createDb, pgliteVersion } from './knex'
import { migrate } from './migrate'
import { readTemplateManifest, writeTemplate } from './pglite-template'

/**
 * Run by build.mjs (bundled as dist/pglite-template-build.js): makes the migrated template a new
 * data directory starts from, unless the one in `templateDir` came from the same sources.
 * `sources` is the build's fingerprint of this bundle (the migrations, what they import, PGlite's extensions).
 */
export const buildTemplate = async (templateDir: string, sources: string) => {
  const current = readTemplateManifest(templateDir)
  if (current?.pglite === pgliteVersion && current.sources === sources) return false
  mkdirSync(templateDir, { recursive: true })
  const db = await createDb({ dataDir: 'memory://' })
  try {
    await migrate(db.knex)
    const applied = (await db.knex('knex_migrations').orderBy('id').pluck('name')) as string[]
    const data = Buffer.from(await (await db.dump!('gzip')).arrayBuffer())
    writeTemplate(templateDir, data, { pglite: pgliteVersion, migrations: applied, sources })
  } finally {
    await db.close()
  }
  return true
}
