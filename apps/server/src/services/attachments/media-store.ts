import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { isObjectId } from '@emporia/shared'
import type { AppConfig } from '../../config'

const MB = 1024 * 1024

/** Upload limits (docs/decisions/0021-media.md); the environment can change them per deployment. */
export interface MediaLimits {
  /** Largest upload in bytes (UPLOAD_MAX_BYTES, 50 MB). */
  maxBytes: number
  /** Largest image in pixels, width × height (UPLOAD_MAX_PIXELS, 50 megapixels): decompression bombs stop here. */
  maxPixels: number
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return value && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}

export const mediaLimits = (env: NodeJS.ProcessEnv = process.env): MediaLimits => ({
  maxBytes: positive(env.UPLOAD_MAX_BYTES, 50 * MB),
  maxPixels: positive(env.UPLOAD_MAX_PIXELS, 50_000_000)
})

/** A random 24-hex id: public file addresses must not be guessable from a neighbour (ObjectIds are). */
export const newAttachmentId = () => randomBytes(12).toString('hex')

/**
 * Where files live: `${DATA_DIR}/media/{shop}/{id}/…`, one folder per attachment so removing it is
 * one `rm -r`. An in-memory data dir (tests) gets a temporary folder, removed on close.
 */
export class MediaStore {
  readonly root: string
  private readonly temporary: boolean

  constructor(config: Pick<AppConfig, 'dataDir'>) {
    this.temporary = /memory:\/*$/.test(config.dataDir)
    this.root = this.temporary ? mkdtempSync(path.join(os.tmpdir(), 'emporia-media-')) : path.join(config.dataDir, 'media')
    mkdirSync(path.join(this.root, 'tmp'), { recursive: true })
    this.sweepTemp()
  }

  /** Uploads cut off by a crash leave temporary files; an hour old, no process is still writing them. */
  private sweepTemp() {
    const folder = path.join(this.root, 'tmp')
    const cutoff = Date.now() - 3_600_000
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name)
      if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < cutoff) rmSync(file, { force: true })
    }
  }

  /** The folder of one attachment; both parts are checked ids, so no path can escape the root. */
  folder(shop: string, id: string) {
    if (!isObjectId(shop) || !isObjectId(id)) throw new Error('attachment folder needs two ids')
    return path.join(this.root, shop, id)
  }

  /** A fresh path for an upload in progress, on the same disk as the folders (rename, not copy). */
  tempFile() {
    return path.join(this.root, 'tmp', `${Date.now()}-${randomBytes(8).toString('hex')}`)
  }

  async removeFolder(shop: string, id: string) {
    await rm(this.folder(shop, id), { recursive: true, force: true })
  }

  close() {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true })
  }
}
