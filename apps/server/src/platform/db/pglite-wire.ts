import { messages, protocol, type PGlite, type QueryOptions } from '@electric-sql/pglite'
import type { CloneableQueryOptions } from './pglite-protocol'

/**
 * The worker's side of a `query` (docs/decisions/0104, amendment 3): the extended-protocol exchange
 * PGlite's `query` makes, sent to the backend in one batch instead of six calls, answered with
 * PostgreSQL's raw wire bytes, which move to the server's thread unparsed (pglite-wire-read.ts).
 * Repeated statement texts are parsed and described once (named prepared statements).
 */
const { serialize } = protocol
const ERROR = 0x45 // 'E'
const PARAMETER_DESCRIPTION = 0x74 // 't'
/** Statements kept prepared: enough for a screen's queries, bounded for knex's varying `in (…)` lists. */
const MAX_STATEMENTS = 200
/** Statement kinds whose result shape cannot change under them except by DDL. */
const CACHEABLE = new Set(['select', 'insert', 'update', 'delete', 'with', 'values'])
/** Statements that change no table, type or function, so prepared statements stay valid. */
const HARMLESS = new Set([
  ...CACHEABLE,
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'savepoint',
  'release',
  'set',
  'reset',
  'show',
  'lock',
  'explain'
])

/** The answer: wire messages in `buffer`'s first `length` bytes, ending with ReadyForQuery. */
export interface Wire {
  buffer: ArrayBuffer
  length: number
}

/** Sends messages to the backend and collects its answer into one transferable buffer. */
const exchange = async (db: PGlite, message: Uint8Array): Promise<Wire> => {
  let bytes = new Uint8Array(16_384)
  let length = 0
  await db.execProtocolRawStream(message, {
    onRawData: (chunk) => {
      if (length + chunk.length > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, length + chunk.length))
        grown.set(bytes.subarray(0, length))
        bytes = grown
      }
      // The chunk is a view into the WASM heap, overwritten by the next write: copied at once.
      bytes.set(chunk, length)
      length += chunk.length
    }
  })
  return { buffer: bytes.buffer, length }
}

/** Walks message headers only: the rows are not parsed here, only looked past. */
const find = ({ buffer, length }: Wire, code: number) => {
  const view = new DataView(buffer, 0, length)
  for (let offset = 0; offset + 5 <= length; offset += 1 + view.getUint32(offset + 1)) {
    if (view.getUint8(offset) === code) return offset
  }
  return -1
}

const messagesOf = ({ buffer, length }: Wire) => {
  const found: messages.BackendMessage[] = []
  new protocol.Parser().parse(new Uint8Array(buffer, 0, length), (message) => found.push(message))
  return found
}

/** Throws what PGlite's `query` throws: the first error, with the statement, parameters and options. */
const throwOnError = (wire: Wire, query: string, params: unknown[], options?: CloneableQueryOptions) => {
  if (find(wire, ERROR) < 0) return
  const error = messagesOf(wire).find((message) => message instanceof messages.DatabaseError)
  if (!error) return
  throw Object.assign(error, { query, params, queryOptions: options as QueryOptions | undefined })
}

const firstWord = (sql: string) => /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? ''

interface Statement {
  key: string
  /** '' for the unnamed statement. */
  name: string
  types: number[]
}

/**
 * One worker's queries. Statements that read or write rows (`select`, `insert`, …) become named
 * prepared statements, parsed and described once per text (at most MAX_STATEMENTS, the oldest closed);
 * others (transaction control, `SET`, DDL) stay unnamed, as every statement was in PGlite's `query`.
 */
export class WireQueries {
  #statements = new Map<string, Statement>()
  #next = 1

  constructor(private readonly db: PGlite) {}

  async query(sql: string, params: unknown[] = [], options?: CloneableQueryOptions): Promise<Wire> {
    const word = firstWord(sql)
    // DDL may change the result shape of a prepared statement ("cached plan must not change result
    // type"): every prepared statement is dropped before it, and prepared again when next used.
    if (!HARMLESS.has(word)) await this.forget()
    const parse = () => serialize.parse({ text: sql, types: options?.paramTypes })
    if (!CACHEABLE.has(word)) {
      // Without parameters there are no types to learn first: one batch.
      if (params.length === 0) return this.#run(sql, params, options, { key: '', name: '', types: [] }, parse())
      return this.#run(sql, params, options, await this.#prepare(sql, params, options, ''))
    }
    const key = options?.paramTypes ? `${sql}\u0000${options.paramTypes.join(',')}` : sql
    let statement = this.#statements.get(key)
    if (statement) {
      // Most recently used last: the first is the one to close.
      this.#statements.delete(key)
      this.#statements.set(key, statement)
    } else {
      statement = await this.#prepare(sql, params, options, key)
      this.#statements.set(key, statement)
      if (this.#statements.size > MAX_STATEMENTS) await this.#close([this.#statements.keys().next().value as string])
    }
    // A wrong parameter count fails at bind, naming the statement: unnamed, as PGlite's message reads.
    if (params.length !== statement.types.length) return this.#run(sql, params, options, { ...statement, name: '' }, parse())
    return this.#run(sql, params, options, statement)
  }

  /** Drops every prepared statement (before DDL, or an `exec` that may hold some). */
  async forget() {
    if (this.#statements.size > 0) await this.#close([...this.#statements.keys()])
  }

  async #close(keys: string[]) {
    const closes = keys.map((key) => {
      const name = this.#statements.get(key)?.name
      this.#statements.delete(key)
      return serialize.close({ type: 'S', name })
    })
    // Close is not transactional and succeeds even inside a failed transaction; the answer is not needed.
    await exchange(this.db, Buffer.concat([...closes, serialize.sync()]))
  }

  /** Parses and describes a statement: its parameters' types, which their serialisers depend on. */
  async #prepare(sql: string, params: unknown[], options: CloneableQueryOptions | undefined, key: string) {
    const name = key ? `emporia_${this.#next++}` : ''
    const wire = await exchange(
      this.db,
      Buffer.concat([
        serialize.parse({ name, text: sql, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync()
      ])
    )
    throwOnError(wire, sql, params, options)
    const description = find(wire, PARAMETER_DESCRIPTION)
    const view = new DataView(wire.buffer, 0, wire.length)
    const count = description < 0 ? 0 : view.getUint16(description + 5)
    const types = Array.from({ length: count }, (_, i) => view.getUint32(description + 7 + 4 * i))
    return { key, name, types }
  }

  /** Binds, describes and executes in one batch; `parse` first for the unnamed statement. */
  async #run(
    sql: string,
    params: unknown[],
    options: CloneableQueryOptions | undefined,
    statement: Statement,
    parse?: Uint8Array
  ) {
    // As PGlite's query: each parameter serialised by its inferred type, else its string form.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const serializer = this.db.serializers[statement.types[i]]
      return serializer ? serializer(param) : (param as { toString(): string }).toString()
    })
    const wire = await exchange(
      this.db,
      Buffer.concat([
        ...(parse ? [parse] : []),
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync()
      ])
    )
    try {
      throwOnError(wire, sql, params, options)
    } catch (error) {
      // A plan invalidated under a prepared statement by something not seen here (DDL inside a
      // function): the statement is prepared anew next time.
      if (statement.name && (error as { code?: string }).code === '0A000') await this.#close([statement.key])
      throw error
    }
    return wire
  }
}
