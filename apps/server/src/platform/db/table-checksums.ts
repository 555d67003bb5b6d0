/**
 * Every table's row count and a checksum of its rows (decision 0210): what a backup records in its
 * manifest and what a restore must find again. Written for both engines and any caller that can run
 * one statement at a time (a knex transaction, a pg client inside a snapshot), so that a shop's move
 * to another installation can compare its tables the same way.
 *
 * The checksum is md5 over the sorted md5s of the rows' text: independent of physical order, as
 * PostgreSQL's own text of a row is. That text depends on a few session settings (a timestamptz is
 * printed in the session's time zone), so the caller's transaction fixes them first (`CHECKSUM_SETTINGS`).
 */
export interface TableChecksum {
  /** `schema.table`, e.g. `public.orders`, `pgboss.job_common`. */
  table: string
  rows: number
  checksum: string
}

/** One statement, its rows back: a knex transaction's `raw`, or a pg client's `query`. */
export type RunQuery = (sql: string) => Promise<Record<string, unknown>[]>

/** Set in the checksums' own transaction: the same row must print the same text on any machine. */
export const CHECKSUM_SETTINGS = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 1`,
  `set local bytea_output = 'hex'`
]

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * The tables that hold rows: ordinary tables and partitions (a partitioned table's rows are its
 * partitions'), in every schema but PostgreSQL's own, in name order.
 */
export const listTables = async (run: RunQuery): Promise<string[]> => {
  const rows = await run(`
    select n.nspname as schema, c.relname as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1, 2`)
  return rows.map((row) => `${String(row.schema)}.${String(row.name)}`)
}

/** One table's count and checksum (`table` as `listTables` names it). */
export const tableChecksum = async (run: RunQuery, table: string): Promise<TableChecksum> => {
  const dot = table.indexOf('.')
  const name = `${quote(table.slice(0, dot))}.${quote(table.slice(dot + 1))}`
  const [row] = await run(
    `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as checksum
     from (select md5(t::text) as h from ${name} t) rows_of`
  )
  return { table, rows: Number(row.rows), checksum: String(row.checksum) }
}

/**
 * Every table's checksum. Run it inside one transaction that sees one snapshot (repeatable read, or a
 * database nobody else writes) after `CHECKSUM_SETTINGS`; `progress` hears each table as it is done.
 */
export const tableChecksums = async (
  run: RunQuery,
  progress?: (done: TableChecksum, index: number, total: number) => void
): Promise<TableChecksum[]> => {
  for (const setting of CHECKSUM_SETTINGS) await run(setting)
  const tables = await listTables(run)
  const sums: TableChecksum[] = []
  for (const [index, table] of tables.entries()) {
    const sum = await tableChecksum(run, table)
    sums.push(sum)
    progress?.(sum, index, tables.length)
  }
  return sums
}

export interface ChecksumDifference {
  table: string
  expected?: TableChecksum
  found?: TableChecksum
}

/** The tables whose rows differ, are missing, or were not expected; empty when all agree. */
export const compareChecksums = (expected: TableChecksum[], found: TableChecksum[]): ChecksumDifference[] => {
  const mine = new Map(found.map((sum) => [sum.table, sum]))
  const differences: ChecksumDifference[] = []
  for (const sum of expected) {
    const other = mine.get(sum.table)
    mine.delete(sum.table)
    if (!other || other.rows !== sum.rows || other.checksum !== sum.checksum)
      differences.push({ table: sum.table, expected: sum, found: other })
  }
  for (const other of mine.values()) differences.push({ table: other.table, found: other })
  return differences
}
