import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import { CHECKSUM_SETTINGS } from '../../platform/db/table-checksums'

/*
 * The shop's tables as the database lists them (decision 0211): every plain table of the app's schema
 * with a `shop` column, read from the catalogue, so a table a new service adds is exported and deleted
 * with no list to keep. The few whose rows do not travel or stay behind say why here.
 */

/** Tables with a `shop` column whose rows an export leaves out, each with why. */
export const NOT_EXPORTED: Record<string, string> = {
  mailOutbox:
    'this installation’s outbound mail queue and delivery log: a pending mail would be sent again by the other installation',
  operatorActions: 'the platform’s own log of its operators, not the shop’s data',
  shopSecrets: 'sealed under this installation’s key: re-sealed under a passphrase (or listed to re-enter) instead'
}

/** Tables with a `shop` column whose rows the deletion keeps, each with why. */
export const KEPT_ON_DELETION: Record<string, string> = {
  billingInvoices: 'the platform’s own invoices to the merchant: kept for its accounts (the shop row stays as a tombstone)',
  billingCharges: 'the charges those invoices reference',
  operatorActions: 'the platform’s log of what its operators did to the shop'
}

/** Every plain table of the current schema with a `shop` column, by name. */
export const shopTables = async (knex: Knex): Promise<string[]> => {
  const { rows } = (await knex.raw(`
    select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'shop' and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p')
     order by c.relname`)) as { rows: { name: string }[] }
  return rows.map((row) => row.name)
}

/** The migration the database is at: an export is imported only into a database at the same one. */
export const migrationLevel = async (knex: Knex): Promise<string> => {
  const row = (await knex('knex_migrations').max('name as name').first()) as { name: string | null } | undefined
  return row?.name ?? ''
}

/** A table's rows as the database prints them: to_jsonb text, the same on PostgreSQL and PGlite in UTC. */
export const ROW_TEXT = 'to_jsonb(t)::text'

/**
 * One table's rows of one shop: the backup's checksum (platform/db/table-checksums.ts, md5 of the sorted
 * md5s of the rows' text) over the shop's rows only, and of their to_jsonb text, which the archive
 * carries and hashes again in JS.
 */
export interface TableSum {
  count: number
  /** md5 of the rows' md5s (of their to_jsonb text) in byte order: independent of row order. */
  checksum: string
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')

/**
 * The same checksum taken row by row, in constant memory, over rows that arrive in the order of their
 * md5 (as the export writes them, decision 0216): the md5 of the hashes' concatenation is fed as they
 * come. A row out of that order makes the sum `unordered` (a damaged or reassembled file).
 */
export class RunningSum {
  #hash = createHash('md5')
  #last = ''
  count = 0
  unordered = false

  add(text: string) {
    const hash = md5(text)
    if (hash < this.#last) this.unordered = true
    this.#last = hash
    this.#hash.update(hash)
    this.count++
  }

  result(): TableSum {
    return { count: this.count, checksum: this.#hash.digest('hex') }
  }
}

/**
 * Count and checksum of a table's rows where `where` holds (a SQL condition over alias `t`), computed
 * in the database. Run it in a transaction whose time zone is UTC (`utcTransaction`): timestamps print
 * with the session's offset. `unmap` replaces, in each row's text before it is hashed, every key with
 * its value (the import's linked staff: the rows as they were exported).
 */
export const tableSum = async (
  trx: Knex.Transaction,
  table: string,
  where: string,
  bindings: readonly Knex.RawBinding[],
  unmap: ReadonlyMap<string, string> = new Map()
): Promise<TableSum> => {
  let text = ROW_TEXT
  const replaced: string[] = []
  for (const [from, to] of unmap) {
    text = `replace(${text}, ?, ?)`
    replaced.push(from, to)
  }
  const { rows } = (await trx.raw(
    `select count(*)::int as count, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as checksum
       from (select md5(${text}) as h from ?? t where ${where}) x`,
    [...replaced, table, ...bindings]
  )) as { rows: TableSum[] }
  return rows[0]
}

/**
 * Fixes the session settings a row's text depends on (time zone, date and float styles) for the rest of
 * `trx`: the whole-installation backup's own (decision 0210), so a row prints the same on any machine.
 */
export const printInUtc = async (trx: Knex.Transaction) => {
  for (const setting of CHECKSUM_SETTINGS) await trx.raw(setting)
}
