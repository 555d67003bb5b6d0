import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { createGunzip, createGzip, type Gzip } from 'node:zlib'

/**
 * A backup is one `.tar.gz` (decision 0210): a plain ustar archive of files, written and read here as
 * streams, so neither the database dump nor the uploaded files are ever held whole in memory, and
 * every file's sha256 is taken as it passes. Only plain files are written and accepted; a name that
 * would leave the target directory is refused.
 */

const BLOCK = 512

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0'

/** The ustar header of a plain file: names up to 255 bytes (prefix + name), sizes up to 8 GB. */
const header = (name: string, size: number, mtime: Date) => {
  if (size >= 8 ** 11) throw new Error(`${name}: files of 8 GB or more cannot be archived`)
  let prefix = ''
  let base = name
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155)
    prefix = name.slice(0, cut)
    base = name.slice(cut + 1)
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100)
      throw new Error(`${name}: the path is too long to archive`)
  }
  const block = Buffer.alloc(BLOCK)
  block.write(base, 0, 100, 'utf8')
  block.write(octal(0o644, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(size, 12), 124, 'ascii')
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii')
  block.write('        ', 148, 'ascii')
  block.write('0', 156, 'ascii')
  block.write('ustar\0', 257, 'ascii')
  block.write('00', 263, 'ascii')
  block.write(prefix, 345, 155, 'utf8')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(octal(sum, 7) + ' ', 148, 'ascii')
  return block
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

export interface ArchivedFile {
  name: string
  bytes: number
  sha256: string
}

/** Writes a `.tar.gz` entry by entry; `close` ends the archive and waits until it is on disk. */
export class ArchiveWriter {
  #gzip: Gzip
  #file: WriteStream
  #done: Promise<void>

  constructor(file: string) {
    this.#gzip = createGzip({ level: 6 })
    this.#file = createWriteStream(file, { mode: 0o600 })
    this.#done = new Promise((resolve, reject) => {
      this.#file.on('finish', resolve)
      this.#file.on('error', reject)
      this.#gzip.on('error', reject)
    })
    this.#gzip.pipe(this.#file)
  }

  async #write(chunk: Buffer) {
    if (!this.#gzip.write(chunk)) await new Promise((resolve) => this.#gzip.once('drain', resolve))
  }

  /** One entry from bytes in memory (the manifest). */
  async addBuffer(name: string, data: Buffer): Promise<ArchivedFile> {
    await this.#write(header(name, data.length, new Date()))
    await this.#write(data)
    await this.#write(padding(data.length))
    return { name, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') }
  }

  /**
   * One entry from a file on disk, streamed. The size is taken first; a file that changes size while
   * it is read (nothing Emporia writes does: uploads are renamed into place whole) is an error.
   */
  async addFile(name: string, file: string): Promise<ArchivedFile> {
    const info = await stat(file)
    await this.#write(header(name, info.size, info.mtime))
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      bytes += chunk.length
      if (bytes > info.size) break
      hash.update(chunk)
      await this.#write(chunk)
    }
    if (bytes !== info.size) throw new Error(`${file} changed while it was being backed up`)
    await this.#write(padding(bytes))
    return { name, bytes, sha256: hash.digest('hex') }
  }

  async close() {
    await this.#write(Buffer.alloc(BLOCK * 2))
    this.#gzip.end()
    await this.#done
  }
}

const field = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  #chunks: AsyncIterator<Buffer>
  #buffer: Buffer = Buffer.alloc(0)

  constructor(source: AsyncIterable<Buffer>) {
    this.#chunks = source[Symbol.asyncIterator]()
  }

  /** Up to `max` bytes (fewer only at the end of the stream). */
  async take(max: number): Promise<Buffer> {
    while (this.#buffer.length === 0) {
      const next = await this.#chunks.next()
      if (next.done) return Buffer.alloc(0)
      this.#buffer = next.value
    }
    const part = this.#buffer.subarray(0, max)
    this.#buffer = this.#buffer.subarray(part.length)
    return part
  }

  /** Exactly `count` bytes, or an error naming what was cut off. */
  async exactly(count: number, what: string): Promise<Buffer> {
    const parts: Buffer[] = []
    let got = 0
    while (got < count) {
      const part = await this.take(count - got)
      if (!part.length) throw new Error(`The archive ends in the middle of ${what}: it is cut off or damaged`)
      parts.push(part)
      got += part.length
    }
    return Buffer.concat(parts)
  }
}

/**
 * Unpacks a `.tar.gz` into `target`, file by file, with each file's size and sha256. Not an archive,
 * a damaged one, or an entry that is not a plain file or folder is an error with its reason.
 */
export const extractArchive = async (
  archive: string,
  target: string,
  progress?: (file: ArchivedFile) => void
): Promise<ArchivedFile[]> => {
  const gunzip = createGunzip()
  const source = createReadStream(archive).pipe(gunzip)
  const reader = new ByteReader(source as AsyncIterable<Buffer>)
  const files: ArchivedFile[] = []
  try {
    for (;;) {
      const block = await reader.exactly(BLOCK, 'an entry header').catch((error: Error) => {
        // An archive may end without its two closing blocks; gzip's end is the end.
        if (files.length && /ends in the middle of an entry header/.test(error.message)) return undefined
        throw error
      })
      if (!block || block.every((byte) => byte === 0)) break
      if (field(block, 257, 5) !== 'ustar') throw new Error('Not an Emporia backup: the archive holds no ustar entries')
      const name = [field(block, 345, 155), field(block, 0, 100)].filter(Boolean).join('/')
      const size = parseInt(field(block, 124, 12).trim() || '0', 8)
      const type = field(block, 156, 1) || '0'
      const relative = path.normalize(name.replace(/^\/+/, ''))
      if (relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error(`The archive names a file outside its folder: ${name}`)
      const destination = path.join(target, relative)
      if (type === '5') {
        await mkdir(destination, { recursive: true })
        continue
      }
      if (type !== '0') throw new Error(`The archive holds an entry that is not a plain file: ${name}`)
      await mkdir(path.dirname(destination), { recursive: true })
      const out = createWriteStream(destination, { mode: 0o600 })
      const closed = new Promise<void>((resolve, reject) => {
        out.on('finish', resolve)
        out.on('error', reject)
      })
      const hash = createHash('sha256')
      let left = size
      while (left > 0) {
        const part = await reader.take(left)
        if (!part.length) throw new Error(`The archive ends in the middle of ${name}: it is cut off or damaged`)
        left -= part.length
        hash.update(part)
        if (!out.write(part)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      }
      out.end()
      await closed
      await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK, name)
      const file = { name: relative.split(path.sep).join('/'), bytes: size, sha256: hash.digest('hex') }
      files.push(file)
      progress?.(file)
    }
  } catch (error) {
    source.destroy()
    if (['Z_DATA_ERROR', 'Z_BUF_ERROR'].includes((error as NodeJS.ErrnoException).code ?? ''))
      throw new Error(`${archive} is not a .tar.gz backup, or it is damaged (${(error as Error).message})`)
    throw error
  }
  return files
}
