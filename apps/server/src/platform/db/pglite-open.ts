import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './pglite-extensions'

// Timestamps travel as ISO strings and 64-bit integers (counts, cents) as numbers, as on the pg
// client (knex.ts): the same record must look the same on PGlite, in-thread or in a worker.
export const toIso = (value: string) => new Date(value).toISOString()
export const INT8 = 20
export const TIMESTAMPTZ = 1184
export const TIMESTAMP = 1114
export const NUMERIC = 1700

/** Our result parsers over PGlite's own: the server's thread parses worker answers with them too (pglite-wire-read.ts). */
export const pgliteParsers = {
  [INT8]: (value: string) => Number(value),
  [NUMERIC]: (value: string) => Number(value),
  [TIMESTAMPTZ]: toIso,
  [TIMESTAMP]: toIso
}

/**
 * The array types PGlite makes parsers for when it opens (its `_initArrayTypes`, same query), as
 * [element type, array type] pairs: the worker sends them to the server's thread, which parses its answers.
 */
export const readArrayTypes = async (db: PGlite): Promise<[number, number][]> => {
  const { rows } = await db.query<{ oid: number; typarray: number }>(`
      SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid
    `)
  return rows.map(({ oid, typarray }) => [oid, typarray])
}

/**
 * Opens PGlite the one way both hosts use (the server's thread and the worker, pglite-worker.ts):
 * the same extensions and result parsers, so the engine answers alike wherever it runs.
 */
export const openPglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create(dataDir, {
    loadDataDir,
    extensions: pgliteExtensions,
    parsers: pgliteParsers
  })
