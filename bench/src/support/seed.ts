import { DATASET_VERSION, META_TABLE, ROWS, TABLE, createTableSql, indexSql, insertChunks } from './dataset'

/** One SQL statement in, rows out: a pg client and PGlite both fit behind it. */
export type RunSql = (sql: string) => Promise<Record<string, unknown>[]>

export interface SeedReport {
  reused: boolean
  rows: number
  /** Wall time of each seeding step (0 when reused). */
  insertSeconds: number
  indexSeconds: number
  vacuumSeconds: number
}

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(2))

const storedVersion = async (run: RunSql): Promise<string | null> => {
  const [exists] = await run(`select to_regclass('${META_TABLE}') is not null as "exists"`)
  if (!exists?.exists) return null
  const [row] = await run(`select value from ${META_TABLE} where key = 'version'`)
  return typeof row?.value === 'string' ? row.value : null
}

/**
 * Builds the list dataset unless the same version is already there. The version row is written
 * last, so a seed that was interrupted is never mistaken for a complete one.
 */
export const ensureDataset = async (run: RunSql, log: (line: string) => void): Promise<SeedReport> => {
  if ((await storedVersion(run)) === DATASET_VERSION) {
    const [{ n }] = await run(`select count(*)::int as n from ${TABLE}`)
    return { reused: true, rows: Number(n), insertSeconds: 0, indexSeconds: 0, vacuumSeconds: 0 }
  }
  await run(`drop table if exists ${META_TABLE}`)
  await run(`drop table if exists ${TABLE}`)
  await run(createTableSql)
  let started = performance.now()
  for (const [k, sql] of insertChunks().entries()) {
    await run(sql)
    log(`  seeded ${((k + 1) * ROWS) / insertChunks().length} rows`)
  }
  const insertSeconds = seconds(started)
  started = performance.now()
  for (const sql of indexSql) await run(sql)
  const indexSeconds = seconds(started)
  // VACUUM sets the visibility map, so counts can use index-only scans as on a settled table.
  started = performance.now()
  await run(`vacuum analyze ${TABLE}`)
  const vacuumSeconds = seconds(started)
  await run(`create table ${META_TABLE} (key text primary key, value text not null)`)
  await run(`insert into ${META_TABLE} values ('version', '${DATASET_VERSION}')`)
  const [{ n }] = await run(`select count(*)::int as n from ${TABLE}`)
  return { reused: false, rows: Number(n), insertSeconds, indexSeconds, vacuumSeconds }
}
