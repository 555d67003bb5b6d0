import type { Knex } from 'knex'
import * as users from './20261121000000-users'

interface Migration {
  up: (knex: Knex) => Promise<void>
  down: (knex: Knex) => Promise<void>
}

/** Every migration, by name. Add new ones here; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '20261121000000-users': users
}
