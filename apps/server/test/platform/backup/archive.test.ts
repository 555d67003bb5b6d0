import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { gunzipSync, gzipSync, createGzip } from 'node:zlib'
import tar from 'tar-stream'
import { afterAll, describe, expect, it } from 'vitest'
import { ArchiveWriter, extractArchive } from '../../../src/platform/backup/archive'

const work = mkdtempSync(path.join(tmpdir(), 'emporia-archive-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A header as tar-stream's pack takes it: a name, and whatever else an entry needs. */
type Entry = Partial<tar.Header> & Pick<tar.Header, 'name'>

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** A `.tar.gz` made by tar-stream itself, holding whatever entries a test needs (bad ones included). */
const craft = async (name: string, entries: { header: Entry; body?: string }[]) => {
  const file = path.join(work, name)
  const pack = tar.pack()
  const written = pipeline(pack, createGzip(), createWriteStream(file))
  for (const { header, body } of entries)
    await new Promise<void>((resolve, reject) => pack.entry(header, body ?? '', (error) => (error ? reject(error) : resolve())))
  pack.finalize()
  await written
  return file
}

/** A fresh folder to unpack into, inside its own parent, so what lands beside it can be seen. */
const freshTarget = (name: string) => {
  const parent = path.join(work, `${name}-parent`)
  mkdirSync(parent)
  return { parent, target: path.join(parent, 'target') }
}

describe('backup archive', () => {
  it('writes files and bytes as a .tar.gz that unpacks to the same names, sizes and sha256', async () => {
    const source = path.join(work, 'source')
    mkdirSync(source)
    const big = Buffer.alloc(300_000, 'emporia ')
    writeFileSync(path.join(source, 'big'), big)
    const longName = `media/${'a'.repeat(120)}/${'b'.repeat(120)}.png`
    const archive = path.join(work, 'round-trip.tar.gz')
    const writer = new ArchiveWriter(archive)
    const written = [
      await writer.addFile('database/big', path.join(source, 'big')),
      await writer.addFile(longName, path.join(source, 'big')),
      await writer.addBuffer('manifest.json', Buffer.from('{"format":"emporia-backup"}\n'))
    ]
    await writer.close()
    expect(written.map((file) => [file.name, file.bytes, file.sha256])).toEqual([
      ['database/big', big.length, sha256(big)],
      [longName, big.length, sha256(big)],
      ['manifest.json', 28, sha256('{"format":"emporia-backup"}\n')]
    ])

    const { target } = freshTarget('round-trip')
    const seen: string[] = []
    const extracted = await extractArchive(archive, target, (file) => seen.push(file.name))
    expect(extracted).toEqual(written)
    expect(seen).toEqual(written.map((file) => file.name))
    expect(readFileSync(path.join(target, longName)).equals(big)).toBe(true)
  })

  it('refuses a missing file without touching the archive, and a file whose size changes while read', async () => {
    const archive = path.join(work, 'changing.tar.gz')
    const writer = new ArchiveWriter(archive)
    await expect(writer.addFile('media/gone', path.join(work, 'no-such-file'))).rejects.toMatchObject({ code: 'ENOENT' })
    await writer.addBuffer('kept', Buffer.from('kept'))
    // /proc files say they are empty and then read as more.
    await expect(writer.addFile('media/status', '/proc/self/status')).rejects.toThrow(/changed while it was being backed up/)
    await expect(writer.close()).rejects.toThrow()
  })

  const outside = path.join(work, 'absolute-evil')
  const refusals: [string, { header: Entry; body?: string }, RegExp][] = [
    ['a parent folder', { header: { name: '../evil' }, body: 'evil' }, /outside its folder: \.\.\/evil/],
    ['a parent folder deeper in', { header: { name: 'media/../../evil' }, body: 'evil' }, /outside its folder/],
    [
      'a parent folder in a long (pax) name',
      { header: { name: `../${'e'.repeat(150)}/evil` }, body: 'evil' },
      /outside its folder/
    ],
    ['an absolute path', { header: { name: outside }, body: 'evil' }, /outside its folder/],
    ['a Windows path', { header: { name: '..\\evil' }, body: 'evil' }, /outside its folder/],
    ['a symbolic link', { header: { name: 'media/link', type: 'symlink', linkname: '../..' } }, /not a plain file: media\/link/],
    ['a hard link', { header: { name: 'media/hard', type: 'link', linkname: '/etc/passwd' } }, /not a plain file: media\/hard/],
    ['a device', { header: { name: 'media/device', type: 'character-device' } }, /not a plain file/],
    ['a fifo', { header: { name: 'media/fifo', type: 'fifo' } }, /not a plain file/]
  ]

  it.each(refusals)('refuses an entry that is %s and writes nothing outside its folder', async (label, bad, message) => {
    const slug = label.replace(/\W+/g, '-')
    const archive = await craft(`${slug}.tar.gz`, [
      { header: { name: 'media/ok.txt' }, body: 'ok' },
      bad,
      // Behind the bad entry, one that would land through it if it had been followed.
      { header: { name: 'media/link/after' }, body: 'after' }
    ])
    const { parent, target } = freshTarget(slug)
    await expect(extractArchive(archive, target)).rejects.toThrow(message)
    expect(readdirSync(parent)).toEqual(['target'])
    expect(readdirSync(path.join(target, 'media'))).toEqual(['ok.txt'])
    expect(existsSync(path.join(work, 'evil'))).toBe(false)
    expect(existsSync(outside)).toBe(false)
  })

  it('refuses an archive cut off inside an entry or its header, and a file that is no archive', async () => {
    const archive = await craft('whole.tar.gz', [
      { header: { name: 'media/one' }, body: 'x'.repeat(2000) },
      { header: { name: 'manifest.json' }, body: '{}' }
    ])
    const tarBytes = gunzipSync(readFileSync(archive))
    const cutInEntry = path.join(work, 'cut-in-entry.tar.gz')
    writeFileSync(cutInEntry, gzipSync(tarBytes.subarray(0, 1000)))
    await expect(extractArchive(cutInEntry, freshTarget('cut-in-entry').target)).rejects.toThrow(
      'The archive ends in the middle of media/one: it is cut off or damaged'
    )
    const cutInHeader = path.join(work, 'cut-in-header.tar.gz')
    writeFileSync(cutInHeader, gzipSync(tarBytes.subarray(0, 512 + 2048 + 100)))
    await expect(extractArchive(cutInHeader, freshTarget('cut-in-header').target)).rejects.toThrow(
      'The archive ends in the middle of an entry header: it is cut off or damaged'
    )
    const cutGzip = path.join(work, 'cut-gzip.tar.gz')
    const gzipped = readFileSync(archive)
    writeFileSync(cutGzip, gzipped.subarray(0, gzipped.length - 10))
    await expect(extractArchive(cutGzip, freshTarget('cut-gzip').target)).rejects.toThrow(
      /is not a \.tar\.gz backup, or it is damaged/
    )
    const notTar = path.join(work, 'not-tar.tar.gz')
    writeFileSync(notTar, gzipSync(Buffer.alloc(2048, 'not a tar ')))
    await expect(extractArchive(notTar, freshTarget('not-tar').target)).rejects.toThrow(/^Not an Emporia backup/)
  })
})
