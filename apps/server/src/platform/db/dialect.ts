import type { Knex } from 'knex'

// A leaf on purpose: knex.ts reaches the migrations (through the embedded template) and the migrations
// read the dialect, so the dialect living in knex.ts made an import cycle.
/** True on PostgreSQL (the pg client), false on PGlite. */
export const isPostgres = (knex: Knex) => (knex.client as { config?: { client?: unknown } }).config?.client === 'pg'
