import { open, type FileHandle } from 'node:fs/promises'

const HEADER = 8
const MAX_BOXES = 10_000

const readAt = async (handle: FileHandle, position: number, length: number) => {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

/** Walks sibling boxes from `start` to `end`, answering the first of `type` as [payload start, payload end]. */
const findBox = async (handle: FileHandle, start: number, end: number, type: string): Promise<[number, number] | undefined> => {
  let position = start
  for (let i = 0; i < MAX_BOXES && position + HEADER <= end; i++) {
    const head = await readAt(handle, position, 16)
    if (head.length < HEADER) return undefined
    let size = head.readUInt32BE(0)
    let header = HEADER
    if (size === 1 && head.length >= 16) {
      size = Number(head.readBigUInt64BE(8))
      header = 16
    } else if (size === 0) size = end - position
    if (size < header) return undefined
    if (head.toString('latin1', 4, 8) === type) return [position + header, Math.min(position + size, end)]
    position += size
  }
  return undefined
}

/**
 * Duration in seconds of an MP4 / QuickTime file from its `moov/mvhd` box: a few small reads, no
 * decoding (docs/decisions/0021-media.md). Null when the file does not say; other containers too.
 */
export const mp4Duration = async (file: string): Promise<number | null> => {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    const moov = await findBox(handle, 0, size, 'moov')
    if (!moov) return null
    const mvhd = await findBox(handle, moov[0], moov[1], 'mvhd')
    if (!mvhd) return null
    const body = await readAt(handle, mvhd[0], 32)
    const version = body[0]
    const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12)
    const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16)
    if (!timescale || body.length < (version === 1 ? 32 : 20)) return null
    return Math.round((duration / timescale) * 1000) / 1000
  } catch {
    return null
  } finally {
    await handle.close()
  }
}
