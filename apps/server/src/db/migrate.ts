import type { Knex } from 'knex'
import { migrations } from './migrations/index'

/** Migrations are modules bundled into the server (no directory scan), applied in name order. */
const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]
}

export const migrate = async (knex: Knex) => {
  await knex.migrate.latest({ migrationSource: source })
}
