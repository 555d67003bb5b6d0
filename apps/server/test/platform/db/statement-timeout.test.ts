import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Unavailable } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { createDb, type Db } from '../../../src/platform/db/knex'
import { toFeathersError } from '../../../src/platform/db/pg-errors'
import { statementTimeoutSet } from '../../../src/platform/db/pglite-protocol'
import { dialects, freshDb, type DialectName } from '../../support/databases'

/**
 * STATEMENT_TIMEOUT_MS on both databases (decisions 0068, 0212): a statement past it ends with the same
 * 503 "took too long", and the database serves the next call. PostgreSQL cancels it itself; PGlite, which
 * cannot, has its worker stopped and opened again, keeping what was committed and nothing of the
 * transaction the statement was in.
 */
const LIMIT_MS = 300
/** Runs far past the limit, and ends by itself if nothing stops it (the test then fails, not hangs). */
const LONG = 'select pg_sleep(20)'

const failure = (run: Promise<unknown>) =>
  run.then(
    () => expect.fail('the statement should have been stopped'),
    (error: unknown) => error
  )

const timedOut = (error: unknown) => {
  const answer = toFeathersError(error)
  expect(answer).toBeInstanceOf(Unavailable)
  expect(answer.message).toBe('The request took too long and was cancelled')
  expect(answer.data).toEqual({ key: 'errors.timeout' })
}

describe('a statement past STATEMENT_TIMEOUT_MS', async () => {
  const names = await dialects()
  describe.each(names)('on %s', (dialect: DialectName) => {
    let db: Db
    let dir: string | undefined
    beforeAll(async () => {
      if (dialect === 'pglite') {
        // The server's PGlite: in a worker, on a data directory (in memory a restart would lose it all).
        dir = mkdtempSync(path.join(tmpdir(), 'emporia-timeout-'))
        db = await createDb({ dataDir: dir, worker: 3, statementTimeoutMs: LIMIT_MS })
      } else {
        // A fresh database (dropped on close), opened again with the small limit.
        const fresh = await freshDb('postgres')
        const limited = await createDb({ databaseUrl: fresh.url, dataDir: 'unused', statementTimeoutMs: LIMIT_MS })
        db = {
          ...limited,
          close: async () => {
            await limited.close()
            await fresh.close()
          }
        }
      }
      await db.knex.schema.createTable('ledger', (table) => {
        table.integer('n').primary()
        table.text('by').notNullable()
      })
      await db.knex('ledger').insert([
        { n: 1, by: 'before' },
        { n: 2, by: 'before' }
      ])
    })
    afterAll(async () => {
      await db?.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('ends with the timeout error, drops its transaction and frees the database', async () => {
      let inside = false
      const stopped = failure(
        db.knex.transaction(async (trx: Knex.Transaction) => {
          await trx('ledger').insert({ n: 3, by: 'stopped transaction' })
          inside = true
          await trx.raw(LONG)
        })
      )
      await vi.waitFor(() => expect(inside).toBe(true))
      // Another caller's read, waiting behind the transaction meanwhile, is answered all the same.
      const waiting = db.knex('ledger').count({ n: '*' }).first()
      timedOut(await stopped)
      expect(Number((await waiting)?.n)).toBe(2)
      // The next calls are served, and what was committed before is all there, without the stopped write.
      await db.knex('ledger').insert({ n: 4, by: 'after' })
      expect(await db.knex('ledger').orderBy('n').select('n', 'by')).toEqual([
        { n: 1, by: 'before' },
        { n: 2, by: 'before' },
        { n: 4, by: 'after' }
      ])
    })

    it('ends a long statement outside a transaction too, and the next one runs', async () => {
      timedOut(await failure(db.knex.raw(LONG)))
      expect(((await db.knex.raw('select 1 as one')) as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }])
    })

    it('lets a transaction lift it with `set local statement_timeout = 0`, as migrations do', async () => {
      const answer = await db.knex.transaction(async (trx) => {
        await trx.raw('set local statement_timeout = 0')
        await trx.raw(`select pg_sleep(${(LIMIT_MS * 2) / 1000})`)
        return trx('ledger').count({ n: '*' }).first()
      })
      expect(Number(answer?.n)).toBe(3)
      // Only for that transaction: the next statement has the limit again.
      timedOut(await failure(db.knex.raw(LONG)))
    })
  })
})

describe("the PGlite worker's reading of `set statement_timeout`", () => {
  it('reads the forms PostgreSQL takes, local or for the session, and nothing else', () => {
    expect(statementTimeoutSet('set local statement_timeout = 0')).toEqual({ local: true, ms: 0 })
    expect(statementTimeoutSet("SET statement_timeout TO '5s';")).toEqual({ local: false, ms: 5000 })
    expect(statementTimeoutSet('set session statement_timeout = 250')).toEqual({ local: false, ms: 250 })
    expect(statementTimeoutSet("set statement_timeout = '2min'")).toEqual({ local: false, ms: 120_000 })
    expect(statementTimeoutSet('set local statement_timeout to default')).toEqual({ local: true, ms: 'default' })
    expect(statementTimeoutSet('reset statement_timeout')).toEqual({ local: false, ms: 'default' })
    expect(statementTimeoutSet('set lock_timeout = 0')).toBeUndefined()
    expect(statementTimeoutSet('select 1; set statement_timeout = 0')).toBeUndefined()
  })
})
