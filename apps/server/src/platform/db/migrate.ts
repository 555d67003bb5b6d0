import type { Knex } from 'knex'
import { migrations } from './migrations/index'

/** Migrations are modules bundled into the server (no directory scan), applied in name order. */
const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name]
    // Building an index over a big table may take longer than a request's statement timeout
    // (knex.ts); each migration runs in its own transaction, and lifts it there only (the PGlite
    // worker's watchdog reads the same statement, decision 0212).
    const unlimited = (run: (knex: Knex) => Promise<void>) => async (knex: Knex) => {
      if ((knex as Knex.Transaction).isTransaction) await knex.raw('set local statement_timeout = 0')
      await run(knex)
    }
    return { up: unlimited(migration.up), down: unlimited(migration.down) }
  }
}

export const migrate = async (knex: Knex) => {
  await knex.migrate.latest({ migrationSource: source })
}
