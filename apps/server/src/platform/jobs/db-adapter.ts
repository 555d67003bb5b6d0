import type { Knex } from 'knex'
import { splitStatements } from './sql-statements'

/** What pg-boss asks of a database it does not connect to itself (its `db` option). */
export interface JobsDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

/** pg-boss writes `$1`; knex.raw binds `?` (and reads a literal `?`, as in jsonb's `?` operator, when escaped). */
const toKnexBindings = (text: string, values: unknown[]) => {
  const parts: string[] = []
  const bindings: unknown[] = []
  let last = 0
  for (const match of text.matchAll(/\$(\d+)/g)) {
    parts.push(text.slice(last, match.index))
    bindings.push(values[Number(match[1]) - 1])
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return { sql: parts.map((part) => part.replace(/\?/g, '\\?')).join('?'), bindings }
}

const rowsOf = (result: unknown): unknown[] => {
  if (Array.isArray(result)) return result.flatMap(rowsOf)
  return ((result as { rows?: unknown[] } | undefined)?.rows ?? []) as unknown[]
}

const CONTROL = /^(begin|commit|start transaction)$/i

/**
 * pg-boss's statements through the app's own knex, on PostgreSQL and PGlite alike (decision 0145): one
 * pool, one PGlite connection shared fairly with requests, and a job can be sent inside a caller's
 * transaction (`jobsDatabase(trx)`). A script of several statements (pg-boss's `BEGIN; …; COMMIT;`
 * blocks) runs statement by statement in one knex transaction, its rows gathered in order.
 */
export const jobsDatabase = (knex: Knex | Knex.Transaction): JobsDatabase => ({
  async executeSql(text, values = []) {
    if (values.length) {
      const { sql, bindings } = toKnexBindings(text, values)
      return { rows: rowsOf(await knex.raw(sql, bindings as Knex.RawBinding[])) }
    }
    const statements = splitStatements(text).filter((statement) => !CONTROL.test(statement))
    const escape = (statement: string) => statement.replace(/\?/g, '\\?')
    if (statements.length === 1) return { rows: rowsOf(await knex.raw(escape(statements[0]))) }
    const run = async (trx: Knex | Knex.Transaction) => {
      const rows: unknown[] = []
      for (const statement of statements) rows.push(...rowsOf(await trx.raw(escape(statement))))
      return rows
    }
    return { rows: await knex.transaction(run) }
  }
})
