import { AsyncLocalStorage } from 'node:async_hooks'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import type { Knex } from 'knex'

/**
 * Statements the app's own background work sends beside a test's call — the job queue's polls and
 * supervision (`pgboss` schema), the mail drain's claims — left out where a test counts the statements a
 * call costs: they run on the same knex on their own timers, and a busy machine lines them up with the call.
 */
export const isBackgroundStatement = (sql: string) => /pgboss|"mailOutbox"/.test(sql)

/**
 * The async context of a caller's service call (REST or socket). The job queue's handlers (sweeps of unpaid
 * orders, reservations, billing) run on their own timers and read through the same knex; on a loaded host
 * one of them lands inside a measured call. Their statements are outside this scope, so a count of
 * `callerStatements` is the call's own, however busy the machine is.
 */
const callerScope = new AsyncLocalStorage<true>()

/** An app-wide around hook (test-app installs it) that runs each external call inside `callerScope`. */
export const inCallerScope = (context: HookContext, next: NextFunction) =>
  context.params.provider ? callerScope.run(true, next) : next()

/** Records the statements external calls send while `work` runs (the queue's own sends left out too). */
export const callerStatements = async (knex: Knex, work: () => Promise<unknown>): Promise<string[]> => {
  const statements: string[] = []
  const listen = (query: { sql: string }) => {
    if (callerScope.getStore() && !isBackgroundStatement(query.sql)) statements.push(query.sql)
  }
  knex.on('query', listen)
  try {
    await work()
  } finally {
    knex.off('query', listen)
  }
  return statements
}
