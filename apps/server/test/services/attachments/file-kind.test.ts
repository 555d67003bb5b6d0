import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectKind } from '../../../src/services/attachments/file-kind'

/** A minimal binary glTF: its 12-byte header (magic, version 2, length) and an empty JSON chunk. */
const glb = () => {
  const json = Buffer.from('{"asset":{"version":"2.0"}}  ', 'utf8')
  const header = Buffer.alloc(20)
  header.write('glTF', 0, 'ascii')
  header.writeUInt32LE(2, 4)
  header.writeUInt32LE(20 + json.length, 8)
  header.writeUInt32LE(json.length, 12)
  header.write('JSON', 16, 'ascii')
  return Buffer.concat([header, json])
}

describe('file kinds the media library takes (decision 0189)', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'kinds-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('takes a binary glTF model (a product’s 3D preview mesh), told from its bytes', async () => {
    const file = path.join(folder, 'model.bin')
    await writeFile(file, glb())
    expect(await detectKind(file)).toMatchObject({ mime: 'model/gltf-binary', ext: 'glb' })
  })

  it('still refuses bytes it does not know', async () => {
    const file = path.join(folder, 'junk.glb')
    await writeFile(file, Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
    expect(await detectKind(file)).toBeUndefined()
  })
})
