import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { createDb, type Db } from '../../../src/platform/db/knex'
import { toFeathersError } from '../../../src/platform/db/pg-errors'
import { PgliteWorkerHost } from '../../../src/platform/db/pglite-host'
import { freshDb } from '../../support/databases'

/**
 * PGlite in a worker thread (docs/decisions/0104) must be indistinguishable from PGlite in the
 * server's thread: same rows and types, same errors, same one-connection transactions, same dumps.
 */
const createSample = async (knex: Knex) => {
  await knex.schema.createTable('sample', (t) => {
    t.string('key').primary()
    t.bigInteger('big')
    t.decimal('amount', 12, 2)
    t.timestamp('at', { useTz: true })
    t.jsonb('doc')
    t.binary('bytes')
    t.specificType('tags', 'text[]')
  })
}
const sampleRow = {
  key: 'a',
  big: 9_007_199_254_740_991,
  amount: 12.34,
  at: new Date('2026-11-26T01:02:03.004Z'),
  doc: JSON.stringify({ nested: { list: [1, 'two', null] } }),
  bytes: Buffer.from([0, 1, 254, 255]),
  tags: ['x', 'y']
}
const failure = (run: Promise<unknown>) =>
  run.then(
    () => expect.fail('should have failed'),
    (error: unknown) => error
  )

describe('PGlite in a worker thread', () => {
  let inThread: Db
  let worker: Db
  beforeAll(async () => {
    ;[inThread, worker] = await Promise.all([freshDb('pglite'), freshDb('pglite', { pgliteWorker: true })])
    await Promise.all([createSample(inThread.knex), createSample(worker.knex)])
  })
  afterAll(async () => {
    await Promise.all([inThread?.close(), worker?.close()])
  })

  it('answers the same rows, with the same types, as PGlite in the server thread', async () => {
    const read = async (db: Db) => {
      await db.knex('sample').insert(sampleRow)
      const rows = await db.knex('sample').select()
      const raw = (await db.knex.raw('select count(*) as n, sum(amount) as total from sample where key = ?', ['a'])) as {
        rows: unknown[]
      }
      const updated = await db.knex('sample').update({ big: 1 }).where({ key: 'a' })
      const returned = await db.knex('sample').update({ big: 2 }).where({ key: 'a' }).returning(['key', 'big'])
      return { rows, raw: raw.rows, updated, returned }
    }
    const here = await read(inThread)
    const there = await read(worker)
    expect(there).toEqual(here)
    expect(there.rows[0]).toMatchObject({ big: 9_007_199_254_740_991, amount: 12.34, at: '2026-11-26T01:02:03.004Z' })
    expect(there.rows[0].doc).toEqual({ nested: { list: [1, 'two', null] } })
    expect(Buffer.from(there.rows[0].bytes as Uint8Array)).toEqual(sampleRow.bytes)
    expect(there.raw).toEqual([{ n: 1, total: 12.34 }])
    expect(there.updated).toBe(1)
  })

  it('passes PostgreSQL errors on with their SQLSTATE fields, mapped as in the server thread', async () => {
    const duplicate = async (db: Db) => failure(db.knex('sample').insert({ ...sampleRow, key: 'a' }))
    const here = (await duplicate(inThread)) as Record<string, unknown>
    const there = (await duplicate(worker)) as Record<string, unknown>
    expect(there).toBeInstanceOf(Error)
    for (const field of ['code', 'constraint', 'detail', 'table', 'severity', 'message'])
      expect(there[field]).toEqual(here[field])
    expect(there.code).toBe('23505')
    const mapped = toFeathersError(there)
    expect(mapped).toBeInstanceOf(Conflict)
    expect(mapped.toJSON()).toEqual(toFeathersError(here).toJSON())
    const badRegex = (await failure(worker.knex.raw(`select 'a' ~ ?`, ['('] as string[]))) as { code?: string }
    expect(badRegex.code).toBe('2201B')
    expect(toFeathersError(badRegex).code).toBe(400)
  })

  it('answers from wire bytes exactly as PGlite in-thread: types, arrays, errors, prepared statements after DDL', async () => {
    type Query = (sql: string, params?: unknown[], options?: Record<string, unknown>) => Promise<unknown>
    const queryOf = (db: Db) => (db.knex.client as unknown as { pglite: { query: Query } }).pglite
    const outcome = (run: Promise<unknown>) =>
      run.then(
        (result) => ({ result }),
        (error: Record<string, unknown>) => ({
          error: { message: error.message, code: error.code, severity: error.severity, position: error.position }
        })
      )
    const script = async (db: Db) => {
      const pglite = queryOf(db)
      const q = (sql: string, params?: unknown[], options?: Record<string, unknown>) =>
        outcome(pglite.query(sql, params, options))
      const bytes = new Uint8Array([0, 1, 254, 255])
      return [
        await q(
          'select $1::int8[] as ids, $2::text[] as tags, $3::bool as flag, $4::jsonb as doc, null::int as nothing, $5::bytea as raw, $6::numeric as amount, $7::timestamptz as at',
          [
            [1, 9_007_199_254_740_991],
            ['a', 'b"c', null],
            true,
            { x: [1, null] },
            bytes,
            '12.50',
            new Date('2026-01-02T03:04:05.006Z')
          ]
        ),
        await q('select 1 as one where false'),
        await q('select $1::int as a, $2::text as b', [1, null], { rowMode: 'array' }),
        await q('selec $1', [1]),
        await q('select $1::int as n', ['x']),
        await q('select $1::bool as b', ['ture']),
        await q('select $1::int as a, $2::int as b', [1]),
        await q(`do $$ begin raise notice 'hello'; end $$`),
        await q('create table shape (a int)'),
        await q('insert into shape values ($1), ($2) returning *', [1, 2]),
        await q('select * from shape order by a'),
        await q('select * from shape order by a'),
        // A prepared `select *` would fail after this ("cached plan must not change result type").
        await q(`alter table shape add column b text default 'x'`),
        await q('select * from shape order by a'),
        await q('update shape set b = $1 where a > $2', ['y', 0]),
        await q('begin'),
        await q('insert into shape (a) values ($1)', ['not a number']),
        await q('select * from shape'),
        await q('rollback'),
        // More statement texts than the worker keeps prepared: the oldest are closed, all still answer.
        await Promise.all(Array.from({ length: 210 }, (_, i) => q(`select $1::int + ${i} as n`, [i]))),
        await q('select $1::int + 0 as n', [5]),
        await q('drop table shape')
      ]
    }
    const here = await script(inThread)
    const there = await script(worker)
    expect(there).toEqual(here)
    expect(there[0]).toMatchObject({
      result: { rows: [{ ids: [1, 9_007_199_254_740_991], tags: ['a', 'b"c', null], flag: true, doc: { x: [1, null] } }] }
    })
    expect(there[13]).toMatchObject({
      result: {
        rows: [
          { a: 1, b: 'x' },
          { a: 2, b: 'x' }
        ]
      }
    })
    expect(there[17]).toMatchObject({ error: { code: '25P02' } })
  })

  it('keeps one connection: a transaction is whole, and a caller outside it waits for its end', async () => {
    const order: string[] = []
    let outside: Promise<unknown> | undefined
    await worker.knex.transaction(async (trx) => {
      await trx('sample').insert({ key: 't1' })
      // Queued behind the transaction on the one connection: it must see the row, committed.
      outside = worker
        .knex('sample')
        .where({ key: 't1' })
        .first()
        .then((row) => order.push(row ? 'outside saw t1' : 'outside missed t1'))
      await new Promise((resolve) => setTimeout(resolve, 20))
      order.push('commit')
    })
    await outside
    expect(order).toEqual(['commit', 'outside saw t1'])
    await failure(
      worker.knex.transaction(async (trx) => {
        await trx('sample').insert({ key: 't2' })
        throw new Error('roll back')
      })
    )
    expect(await worker.knex('sample').where({ key: 't2' }).first()).toBeUndefined()
  })

  it('keeps a transaction to the session that began it: concurrent transactions never interleave', async () => {
    const seen: Record<string, string[]> = {}
    const inside = (name: string, key: string, end: 'commit' | 'rollback') =>
      worker.knex
        .transaction(async (trx) => {
          await trx('sample').insert({ key })
          await new Promise((resolve) => setTimeout(resolve, 20))
          seen[name] = await trx('sample').whereIn('key', ['s1', 's2']).pluck('key')
          if (end === 'rollback') throw new Error('roll back')
        })
        .catch(() => undefined)
    await Promise.all([inside('first', 's1', 'rollback'), inside('second', 's2', 'commit')])
    // Each saw its own row only: the other's BEGIN waited in the worker until this one ended.
    expect(seen).toEqual({ first: ['s1'], second: ['s2'] })
    expect(await worker.knex('sample').whereIn('key', ['s1', 's2']).pluck('key')).toEqual(['s2'])
  })

  it("tells a caller held up by another session's transaction past the bound that the server is busy (503)", async () => {
    const host = await PgliteWorkerHost.open('memory://', { maxWaitMs: 50 })
    try {
      const [holder, waiter] = [host.session(), host.session()]
      await holder.query('begin')
      const error = (await failure(waiter.query('select 1'))) as { code?: string }
      expect(error.code).toBe('53300')
      expect(toFeathersError(error).code).toBe(503)
      await holder.query('rollback')
      expect((await waiter.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    } finally {
      await host.close()
    }
  })

  it('refuses a parameter that cannot cross to the worker, and keeps serving', async () => {
    const error = await failure(worker.knex.raw('select ?::text as v', [(() => 1) as unknown as string]))
    expect(error).toBeInstanceOf(Error)
    expect(await worker.knex.raw('select 1 as one').then((r: { rows: unknown[] }) => r.rows)).toEqual([{ one: 1 }])
  })

  // Three databases opened one after the other, each with the whole schema: about 10 s on a quiet machine,
  // a minute at load 14 on 2 cores, so this test has more room than the file's default.
  it(
    'dumps a data directory another database starts from, and keeps a data directory on disk',
    { timeout: 240_000 },
    async () => {
      const dump = await worker.dump!()
      const dir = mkdtempSync(path.join(tmpdir(), 'emporia-pglite-worker-'))
      try {
        const onDisk = await createDb({ dataDir: dir, initialData: dump, worker: true })
        const before = await worker.knex('sample').pluck('key').orderBy('key')
        expect(await onDisk.knex('sample').pluck('key').orderBy('key')).toEqual(before)
        await onDisk.knex('sample').insert({ key: 'on-disk' })
        await onDisk.close()
        await expect(onDisk.knex('sample').select()).rejects.toThrow()
        // The same directory opened in the server's thread: the worker's write is there.
        const reopened = await createDb({ dataDir: dir })
        try {
          expect(await reopened.knex('sample').pluck('key').orderBy('key')).toEqual([...before, 'on-disk'].sort())
        } finally {
          await reopened.close()
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  )
})
