import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './pglite-extensions'

// Timestamps travel as ISO strings and 64-bit integers (counts, cents) as numbers, as on the pg
// client (knex.ts): the same record must look the same on PGlite, in-thread or in a worker.
export const toIso = (value: string) => new Date(value).toISOString()
export const INT8 = 20
export const TIMESTAMPTZ = 1184
export const TIMESTAMP = 1114
export const NUMERIC = 1700

/**
 * Opens PGlite the one way both hosts use (the server's thread and the worker, pglite-worker.ts):
 * the same extensions and result parsers, so the engine answers alike wherever it runs.
 */
export const openPglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create(dataDir, {
    loadDataDir,
    extensions: pgliteExtensions,
    parsers: {
      [INT8]: (value: string) => Number(value),
      [NUMERIC]: (value: string) => Number(value),
      [TIMESTAMPTZ]: toIso,
      [TIMESTAMP]: toIso
    }
  })
