import { parse, types, type QueryOptions, type Results } from '@electric-sql/pglite'
import { pgliteParsers } from './pglite-open'
import type { Wire } from './pglite-wire'

type Parser = (value: string, typeId?: number) => unknown
type Messages = Parameters<typeof parse.parseResults>[0]

/**
 * The worker's parser table rebuilt on the server's thread: PGlite's defaults, ours (pglite-open.ts),
 * and an array parser per array type the worker found, which looks its element's parser up when
 * called, as PGlite's does (so `bigint[]` elements are numbers here too).
 */
export const wireParsers = (arrayTypes: [number, number][]) => {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>), ...pgliteParsers }
  for (const [oid, typarray] of arrayTypes)
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as types.Parser, typarray)
  return parsers
}

const ROW_DESCRIPTION = 0x54 // 'T'
const DATA_ROW = 0x44 // 'D'
const COMMAND_COMPLETE = 0x43 // 'C'
const decoder = new TextDecoder()

/**
 * Text as PGlite's reader decodes it (a `TextDecoder`, which drops a leading byte-order mark), but
 * through Buffer's UTF-8 slice: PGlite's copies every field into its own ArrayBuffer first, which made
 * reading a 20-row answer cost more than the worker saved by not cloning it.
 */
const text = (bytes: Buffer, start: number, end: number) =>
  bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf
    ? decoder.decode(bytes.subarray(start, end))
    : bytes.toString('utf8', start, end)

/**
 * The messages PGlite's `parseResults` reads (row descriptions, data rows, command tags), decoded from
 * the worker's wire bytes; the others (parse/bind complete, notices, ReadyForQuery) it skips anyway.
 * Results are text format (the worker binds with text results), as PGlite's `query` asks.
 */
const decode = ({ buffer, length }: Wire): Messages => {
  const bytes = Buffer.from(buffer, 0, length)
  const messages: Messages = []
  for (let offset = 0; offset + 5 <= length;) {
    const code = bytes[offset]
    const end = offset + 1 + bytes.readUInt32BE(offset + 1)
    let at = offset + 5
    if (code === DATA_ROW) {
      const count = bytes.readInt16BE(at)
      at += 2
      const fields: (string | null)[] = new Array(count)
      for (let i = 0; i < count; i++) {
        const size = bytes.readInt32BE(at)
        at += 4
        fields[i] = size === -1 ? null : text(bytes, at, at + size)
        if (size > 0) at += size
      }
      messages.push({ name: 'dataRow', length: end - offset - 1, fields } as Messages[number])
    } else if (code === ROW_DESCRIPTION) {
      const count = bytes.readInt16BE(at)
      at += 2
      const fields: { name: string; dataTypeID: number }[] = new Array(count)
      for (let i = 0; i < count; i++) {
        const nul = bytes.indexOf(0, at)
        const name = text(bytes, at, nul)
        // After the name: table id (4), column number (2), then the type id.
        fields[i] = { name, dataTypeID: bytes.readInt32BE(nul + 7) }
        at = nul + 19
      }
      // pg-protocol's RowDescription message is a class with more fields than pg reads (name, dataTypeID).
      messages.push({ name: 'rowDescription', length: end - offset - 1, fields } as unknown as Messages[number])
    } else if (code === COMMAND_COMPLETE) {
      messages.push({ name: 'commandComplete', length: end - offset - 1, text: text(bytes, at, end - 1) } as Messages[number])
    }
    offset = end
  }
  return messages
}

/**
 * A worker's answer (pglite-wire.ts) read on the server's thread, which has spare time, into the
 * same `Results` PGlite's `query` returns in-thread, by PGlite's own result builder.
 */
export const readWire = <T>(wire: Wire, parsers: Record<number, Parser>, options?: QueryOptions): Results<T> =>
  parse.parseResults(decode(wire), parsers, options)[0] as Results<T>
