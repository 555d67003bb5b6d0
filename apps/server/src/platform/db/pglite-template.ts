import path from 'node:path'
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { chmod, mkdir } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import tar from 'tar-stream'
import { migrations } from './migrations/index'

/**
 * A new PGlite data directory starts from the build's template (docs/decisions/0116): initdb and
 * every migration already applied, so a merchant's first `npm start` only unpacks it. The manifest
 * says which PGlite made it and which migrations it holds; anything newer is migrated at start.
 */
export const TEMPLATE_FILE = 'pgdata-template.tgz'
export const TEMPLATE_MANIFEST = 'pgdata-template.json'

export interface TemplateManifest {
  pglite: string
  /** Migrations applied in the template, in the order they ran. */
  migrations: string[]
  /** The build's fingerprint of the sources the template came from (build.mjs decides when to remake it). */
  sources: string
}

export const readTemplateManifest = (templateDir: string): TemplateManifest | undefined => {
  const file = path.join(templateDir, TEMPLATE_MANIFEST)
  if (!existsSync(file) || !existsSync(path.join(templateDir, TEMPLATE_FILE))) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TemplateManifest
  } catch {
    return undefined
  }
}

/**
 * The template, when it fits this server: made by the same PGlite, and holding no migration this
 * server does not know (knex would refuse such a database as corrupt).
 */
const usableTemplate = (templateDir: string, pgliteVersion: string) => {
  const manifest = readTemplateManifest(templateDir)
  if (!manifest || manifest.pglite !== pgliteVersion) return undefined
  if (!manifest.migrations.every((name) => name in migrations)) return undefined
  return path.join(templateDir, TEMPLATE_FILE)
}

/**
 * Unpacks a PGlite dump (a plain ustar archive of files and folders, gzipped or not) into `target`, read as a stream
 * with the kept library `tar-stream` (it replaced a hand-written ustar reader, decision 0217). PGlite's
 * own loader writes the 43 MB through its emulated file system, opening a file again for every block:
 * about 1.2 s of a fresh start's 4 (docs/benchmarks.md); this writes each file once. Anything but a
 * plain file or folder inside the archive is refused rather than guessed at.
 */
export const unpack = async (archive: string, target: string, options: { gzip?: boolean } = {}) => {
  const extract = tar.extract()
  const reading = options.gzip
    ? pipeline(createReadStream(archive), createGunzip(), extract)
    : pipeline(createReadStream(archive), extract)
  // Awaited below; a failure meanwhile also ends the loop over the entries.
  reading.catch(() => undefined)
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header
      const mode = entry.header.mode || 0o600
      const relative = path.normalize(name.replace(/^\/+/, ''))
      if (relative.startsWith('..') || path.isAbsolute(relative) || (type !== 'file' && type !== 'directory'))
        throw new Error(`unexpected entry in the database template: ${name}`)
      const destination = path.join(target, relative)
      if (type === 'directory') {
        await mkdir(destination, { recursive: true, mode })
        entry.resume()
      } else {
        await mkdir(path.dirname(destination), { recursive: true })
        await pipeline(entry, createWriteStream(destination, { mode }))
      }
      await chmod(destination, mode)
    }
    await reading
  } catch (error) {
    extract.destroy()
    await reading.catch(() => undefined)
    throw error
  }
}

/**
 * Fills a new data directory from the build's template when one fits; false when there is none
 * (PGlite then runs initdb and every migration runs at start). Unpacked beside and renamed into
 * place, so a start interrupted half way leaves no half database behind.
 */
export const startFromTemplate = async (pgdata: string, templateDir: string, pgliteVersion: string) => {
  const template = usableTemplate(templateDir, pgliteVersion)
  if (!template) return false
  const partial = `${pgdata}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  try {
    await unpack(template, partial, { gzip: true })
    rmSync(pgdata, { recursive: true, force: true })
    renameSync(partial, pgdata)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
  return true
}

/** Writes aside and renames, so a server starting meanwhile never reads half a file. */
export const writeTemplate = (templateDir: string, data: Buffer, manifest: TemplateManifest) => {
  const partial = path.join(templateDir, `${TEMPLATE_FILE}.${process.pid}.partial`)
  writeFileSync(partial, data)
  renameSync(partial, path.join(templateDir, TEMPLATE_FILE))
  writeFileSync(path.join(templateDir, TEMPLATE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
}
