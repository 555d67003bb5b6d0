import type { Knex } from 'knex'
import { getConstructionPlans } from 'pg-boss'
import { JOBS_SCHEMA } from '../../jobs/schema-name'
import { splitStatements } from '../../jobs/sql-statements'

/**
 * The job queue's tables (pg-boss, issue 33, decision 0145), in their own schema outside the shops' wall:
 * jobs are the platform's, each handler opens its shop's tenancy itself. pg-boss's own construction
 * script, statement by statement without its BEGIN/COMMIT (the migration already runs in one transaction), so the migrated
 * template every test and fresh PGlite database starts from already holds the queue; a later pg-boss
 * release migrates its schema itself at start. Plain PostgreSQL (gen_random_uuid is built in since 13):
 * no extension, so PGlite runs it as it is.
 */
export const up = async (knex: Knex) => {
  for (const statement of splitStatements(getConstructionPlans(JOBS_SCHEMA)))
    if (!/^(begin|commit)$/i.test(statement)) await knex.raw(statement.replace(/\?/g, '\\?'))
}

export const down = async (knex: Knex) => {
  await knex.raw(`drop schema if exists ${JOBS_SCHEMA} cascade`)
}
