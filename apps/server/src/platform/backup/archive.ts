import { createHash, type Hash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import tar from 'tar-stream'

/**
 * A backup is one `.tar.gz` (decision 0210): a tar archive of plain files, written and read here as
 * streams with `tar-stream` and `node:zlib`, so neither the database dump nor the uploaded files are
 * ever held whole in memory, and every file's sha256 is taken as it passes. Only plain files are written
 * and accepted; a name that is absolute or would leave the target directory is refused.
 */

export interface ArchivedFile {
  name: string
  bytes: number
  sha256: string
}

/** Passes the chunks on, counting and hashing them; more than `limit` bytes is `tooMany`'s error. */
const measure = (hash: Hash, counted: { bytes: number }, limit: number, tooMany: () => Error) =>
  async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      counted.bytes += chunk.length
      if (counted.bytes > limit) throw tooMany()
      hash.update(chunk)
      yield chunk
    }
  }

/** Writes a `.tar.gz` entry by entry; `close` ends the archive and waits until it is on disk. */
export class ArchiveWriter {
  #pack = tar.pack()
  #done: Promise<void>

  constructor(file: string) {
    this.#done = pipeline(this.#pack, createGzip({ level: 6 }), createWriteStream(file, { mode: 0o600 }))
    // Awaited by close(); a failure meanwhile also fails the entry being written.
    this.#done.catch(() => undefined)
  }

  /** One entry from bytes in memory (the manifest). */
  async addBuffer(name: string, data: Buffer): Promise<ArchivedFile> {
    await new Promise<void>((resolve, reject) => {
      this.#pack.entry({ name, size: data.length, mode: 0o644, mtime: new Date() }, data, (error) =>
        error ? reject(error) : resolve()
      )
    })
    return { name, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') }
  }

  /**
   * One entry from a file on disk, streamed. The file is opened before its entry starts (a file missing
   * is ENOENT with the archive untouched) and its size taken then; a file that changes size while it is
   * read (nothing Emporia writes does: uploads are renamed into place whole) is an error, and the
   * archive, then unfinished, fails too.
   */
  async addFile(name: string, file: string): Promise<ArchivedFile> {
    const handle = await open(file, 'r')
    try {
      const info = await handle.stat()
      const hash = createHash('sha256')
      const counted = { bytes: 0 }
      const changed = () => new Error(`${file} changed while it was being backed up`)
      const entry = this.#pack.entry({ name, size: info.size, mode: 0o644, mtime: info.mtime })
      await pipeline(handle.createReadStream({ autoClose: false }), measure(hash, counted, info.size, changed), entry).catch(
        (error: Error) => {
          // tar-stream's word for an entry shorter than its header.
          throw error.message === 'Size mismatch' ? changed() : error
        }
      )
      return { name, bytes: counted.bytes, sha256: hash.digest('hex') }
    } finally {
      await handle.close()
    }
  }

  /** Ends the archive and waits until it is on disk; after a failed entry, the failure. */
  async close() {
    this.#pack.finalize()
    await this.#done
  }
}

/** An archive this module will not unpack, for a reason of its own (not the stream's). */
class ArchiveRefused extends Error {}

/** `name` as a path inside the archive's folder, or a refusal: absolute, `..`, or empty. */
const insideName = (name: string) => {
  const relative = path.posix.normalize(name.replace(/\/+$/, ''))
  if (
    ['', '.', '..'].includes(relative) ||
    relative.startsWith('../') ||
    path.posix.isAbsolute(relative) ||
    path.win32.isAbsolute(relative) ||
    relative.includes('\\')
  )
    throw new ArchiveRefused(`The archive names a file outside its folder: ${name}`)
  return relative
}

/** What tar-stream and zlib say about a bad archive, told as the operator needs it. */
const explain = (archive: string, error: Error, current: string | undefined) => {
  const code = (error as NodeJS.ErrnoException).code ?? ''
  if (['Z_DATA_ERROR', 'Z_BUF_ERROR'].includes(code))
    return new Error(`${archive} is not a .tar.gz backup, or it is damaged (${error.message})`)
  if (error.message === 'Unexpected end of data')
    return new Error(`The archive ends in the middle of ${current ?? 'an entry header'}: it is cut off or damaged`)
  if (/^Invalid tar header/.test(error.message))
    return new Error(`Not an Emporia backup: the archive holds no ustar entries, or it is damaged (${error.message})`)
  return error
}

/**
 * Unpacks a `.tar.gz` into `target`, file by file, with each file's size and sha256. Not an archive,
 * a damaged one, or an entry that is not a plain file or folder is an error with its reason; nothing is
 * written outside `target`.
 */
export const extractArchive = async (
  archive: string,
  target: string,
  progress?: (file: ArchivedFile) => void
): Promise<ArchivedFile[]> => {
  const extract = tar.extract()
  const unpacking = pipeline(createReadStream(archive), createGunzip(), extract)
  // Awaited below; a failure meanwhile also ends the loop over the entries.
  unpacking.catch(() => undefined)
  const files: ArchivedFile[] = []
  let current: string | undefined
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header
      current = name
      const relative = insideName(name)
      const destination = path.join(target, ...relative.split('/'))
      if (type === 'directory') {
        await mkdir(destination, { recursive: true })
        entry.resume()
        continue
      }
      if (type !== 'file') throw new ArchiveRefused(`The archive holds an entry that is not a plain file: ${name}`)
      const size = entry.header.size ?? 0
      await mkdir(path.dirname(destination), { recursive: true })
      const hash = createHash('sha256')
      const counted = { bytes: 0 }
      await pipeline(
        entry as AsyncIterable<Buffer>,
        measure(hash, counted, size, () => new ArchiveRefused(`The archive's entry ${name} is longer than its header says`)),
        createWriteStream(destination, { mode: 0o600 })
      )
      if (counted.bytes !== size) throw new ArchiveRefused(`The archive ends in the middle of ${name}: it is cut off or damaged`)
      const file = { name: relative, bytes: size, sha256: hash.digest('hex') }
      files.push(file)
      progress?.(file)
      current = undefined
    }
    await unpacking
  } catch (error) {
    extract.destroy()
    const failure = await unpacking.then(
      () => undefined,
      (failure: Error) => failure
    )
    if (error instanceof ArchiveRefused) throw error
    // The stream's own failure (gzip, tar) says more than what it did to the loop; else the loop's.
    const told = failure && explain(archive, failure, current)
    throw told && told !== failure ? told : explain(archive, error as Error, current)
  }
  return files
}
