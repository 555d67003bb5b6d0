import { open } from 'node:fs/promises'
import { inflateRawSync } from 'node:zlib'

/** The workbook part is small; a bigger one is not a workbook we read (a zip bomb stops here). */
const MAX_WORKBOOK_PART = 4 * 1024 * 1024
const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50

const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')

/**
 * The sheets of an XLSX in their order, for the screen's chooser (decision 0170): only the zip's
 * directory and its `xl/workbook.xml` are read, never a sheet. Anything unreadable answers no sheets
 * (the run then reads the first one and says what is wrong with the file).
 */
export const xlsxSheetNames = async (file: string): Promise<string[]> => {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    const tailLength = Math.min(size, 65_557)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let end = -1
    for (let i = tailLength - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i
        break
      }
    if (end < 0) return []
    const entries = tail.readUInt16LE(end + 10)
    const directorySize = tail.readUInt32LE(end + 12)
    const directoryAt = tail.readUInt32LE(end + 16)
    if (directorySize > 16 * 1024 * 1024) return []
    const directory = Buffer.alloc(directorySize)
    await handle.read(directory, 0, directorySize, directoryAt)
    let at = 0
    for (let n = 0; n < entries && at + 46 <= directory.length; n++) {
      if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) return []
      const method = directory.readUInt16LE(at + 10)
      const compressed = directory.readUInt32LE(at + 20)
      const nameLength = directory.readUInt16LE(at + 28)
      const extraLength = directory.readUInt16LE(at + 30)
      const commentLength = directory.readUInt16LE(at + 32)
      const localAt = directory.readUInt32LE(at + 42)
      const name = directory.subarray(at + 46, at + 46 + nameLength).toString('utf8')
      at += 46 + nameLength + extraLength + commentLength
      if (name !== 'xl/workbook.xml') continue
      if (compressed > MAX_WORKBOOK_PART) return []
      const local = Buffer.alloc(30)
      await handle.read(local, 0, 30, localAt)
      const dataAt = localAt + 30 + local.readUInt16LE(26) + local.readUInt16LE(28)
      const data = Buffer.alloc(compressed)
      await handle.read(data, 0, compressed, dataAt)
      const xml = (method === 8 ? inflateRawSync(data, { maxOutputLength: MAX_WORKBOOK_PART }) : data).toString('utf8')
      return [...xml.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((match) => xmlText(match[1]))
    }
    return []
  } catch {
    return []
  } finally {
    await handle.close()
  }
}
