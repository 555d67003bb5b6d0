import path from 'node:path'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
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

const field = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

/**
 * Unpacks a PGlite dump (a plain ustar archive of files and folders) into `target`. PGlite's own
 * loader writes the 43 MB through its emulated file system, opening a file again for every block:
 * about 1.2 s of a fresh start's 4 (docs/benchmarks.md); this writes each file once. Anything but a
 * plain file or folder inside the archive is refused rather than guessed at.
 */
export const unpack = (archive: Buffer, target: string) => {
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512)
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/')
    if (!name) break // the archive's closing blocks
    const size = parseInt(field(header, 124, 12).trim() || '0', 8)
    const mode = parseInt(field(header, 100, 8).trim() || '600', 8)
    const type = field(header, 156, 1) || '0'
    const relative = path.normalize(name.replace(/^\/+/, ''))
    if (relative.startsWith('..') || path.isAbsolute(relative) || !['0', '5'].includes(type))
      throw new Error(`unexpected entry in the database template: ${name}`)
    const destination = path.join(target, relative)
    at += 512
    if (type === '5') mkdirSync(destination, { recursive: true, mode })
    else {
      mkdirSync(path.dirname(destination), { recursive: true })
      writeFileSync(destination, archive.subarray(at, at + size), { mode })
      at += Math.ceil(size / 512) * 512
    }
    chmodSync(destination, mode)
  }
}

/**
 * Fills a new data directory from the build's template when one fits; false when there is none
 * (PGlite then runs initdb and every migration runs at start). Unpacked beside and renamed into
 * place, so a start interrupted half way leaves no half database behind.
 */
export const startFromTemplate = (pgdata: string, templateDir: string, pgliteVersion: string) => {
  const template = usableTemplate(templateDir, pgliteVersion)
  if (!template) return false
  const partial = `${pgdata}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  try {
    unpack(gunzipSync(readFileSync(template)), partial)
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
