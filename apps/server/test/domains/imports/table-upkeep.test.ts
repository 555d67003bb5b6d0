import { describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { TableUpkeep } from '../../../src/domains/imports/table-upkeep'

/** A knex that only records the statements upkeep sends (and may refuse them, as a role without rights). */
const recording = (refuse = false) => {
  const sent: string[] = []
  const knex = {
    raw: (sql: string, bindings: string[]) => {
      sent.push(sql.replace('??', bindings[0]))
      return refuse ? Promise.reject(new Error('must be owner of table products')) : Promise.resolve({ rows: [] })
    }
  } as unknown as Knex
  return { knex, sent }
}

describe('table upkeep while an import writes (decision 0176)', () => {
  it('analyzes an import’s table at 1,000 records, then each time it doubled, at least every 20,000, and vacuums at the end', async () => {
    const { knex, sent } = recording()
    const upkeep = new TableUpkeep(knex, 'products', false)
    const at: number[] = []
    for (let written = 100; written <= 100_000; written += 100) {
      const before = sent.length
      await upkeep.afterBatch(written)
      if (sent.length > before) at.push(written)
    }
    expect(at).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 52_000, 72_000, 92_000])
    expect(new Set(sent)).toEqual(new Set(['analyze products']))
    await upkeep.atEnd(100_000)
    expect(sent.at(-1)).toBe('vacuum (analyze) products')
  })

  it('vacuums a preview’s rolled-back rows every 20,000 and at the end, and leaves a small run to autovacuum', async () => {
    const { knex, sent } = recording()
    const preview = new TableUpkeep(knex, 'products', true)
    for (let written = 500; written <= 50_000; written += 500) await preview.afterBatch(written)
    await preview.atEnd(50_000)
    expect(sent).toEqual(['vacuum products', 'vacuum products', 'vacuum (analyze) products'])

    const small = recording()
    const run = new TableUpkeep(small.knex, 'products', false)
    await run.afterBatch(999)
    await run.atEnd(999)
    expect(small.sent).toEqual([])
  })

  it('never fails the run when the database refuses, and does nothing for a list without a table', async () => {
    const { knex, sent } = recording(true)
    await expect(new TableUpkeep(knex, 'products', false).atEnd(5_000)).resolves.toBeUndefined()
    expect(sent).toEqual(['vacuum (analyze) products'])
    const none = recording()
    await new TableUpkeep(none.knex, undefined, false).atEnd(5_000)
    expect(none.sent).toEqual([])
  })
})
