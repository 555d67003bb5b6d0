import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { isObjectId, type ExportColumn, type ImportTemplate } from '@emporia/shared'
import type { SheetFormat } from './sheet-reader'

/** What a run needs besides its record, kept beside its file: the mapping as the upload fixed it. */
export interface StoredImport {
  target: string
  format: SheetFormat
  columns: ExportColumn[]
  /** The template as it was at the upload: the import does what its preview showed. */
  template: ImportTemplate | null
}

const SHEET = 'sheet'
const REQUEST = 'request.json'

/**
 * Uploaded sheets (decision 0170): `${DATA_DIR}/imports/<shop>/<run>/` holds the file and its
 * `request.json`; a run made from another links the same file into its own folder, so removing one
 * run's folder never takes another's file. An in-memory data dir (tests) gets a temporary folder.
 */
export class ImportFiles {
  readonly root: string
  private readonly temporary: boolean

  constructor(dataDir: string) {
    this.temporary = /memory:\/*$/.test(dataDir)
    this.root = this.temporary ? mkdtempSync(path.join(os.tmpdir(), 'emporia-imports-')) : path.join(dataDir, 'imports')
    mkdirSync(path.join(this.root, 'tmp'), { recursive: true })
    // Uploads cut off by a crash: an hour old, no process is still writing them.
    const cutoff = Date.now() - 3_600_000
    for (const name of readdirSync(path.join(this.root, 'tmp'))) {
      const file = path.join(this.root, 'tmp', name)
      if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < cutoff) rmSync(file, { force: true })
    }
  }

  /** Where an upload is received before its run exists. */
  temp() {
    return path.join(this.root, 'tmp', randomBytes(12).toString('hex'))
  }

  /** Both parts are checked ids, so no path can escape the root. */
  folder(shop: string, run: string) {
    if (!isObjectId(shop) || !isObjectId(run)) throw new Error('import folder needs two ids')
    return path.join(this.root, shop, run)
  }

  sheet(shop: string, run: string) {
    return path.join(this.folder(shop, run), SHEET)
  }

  /** Moves a received upload into its run's folder with what the run needs. */
  async keep(shop: string, run: string, received: string, stored: StoredImport) {
    await mkdir(this.folder(shop, run), { recursive: true })
    await rename(received, this.sheet(shop, run))
    await writeFile(path.join(this.folder(shop, run), REQUEST), JSON.stringify(stored))
  }

  /** Another run over an earlier run's file: the same file (a hard link, else a copy) and mapping. */
  async share(shop: string, from: string, run: string) {
    await mkdir(this.folder(shop, run), { recursive: true })
    await link(this.sheet(shop, from), this.sheet(shop, run)).catch(() => copyFile(this.sheet(shop, from), this.sheet(shop, run)))
    await copyFile(path.join(this.folder(shop, from), REQUEST), path.join(this.folder(shop, run), REQUEST))
  }

  async stored(shop: string, run: string): Promise<StoredImport> {
    return JSON.parse(await readFile(path.join(this.folder(shop, run), REQUEST), 'utf8')) as StoredImport
  }

  async forget(shop: string, run: string) {
    await rm(this.folder(shop, run), { recursive: true, force: true })
  }

  close() {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true })
  }
}
