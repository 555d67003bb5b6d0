import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Migrations run while the previous release still serves (a rolling restart, decision 0213): a migration
 * only expands (new tables, columns nullable or with a default, new indexes), and a column or table is dropped
 * or renamed only in a later release than the code that stopped using it, said by a `// contract: <release>`
 * comment on the line or the three lines above. Checked for the migrations written after this rule.
 */
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../src/platform/db/migrations')
/** The last migration written before the rule; older ones are history (their drops sit in `down`). */
const CUT_OFF = '20261214060000-seal-two-step-secrets'

const CONTRACTING =
  /\b(dropColumns?|renameColumn|dropTable(IfExists)?|renameTable|setNullable|dropNullable)\b|\b(drop|rename)\s+(column|table)\b|\brename\s+to\b|\bset\s+not\s+null\b/i
const CONTRACT_NOTE = /\/\/\s*contract:\s*\S+/

/** The lines of a migration's `up` that contract the schema without a `// contract:` note (1-based). */
const uncontracted = (source: string) => {
  // `down` undoes `up` (it drops what `up` made): only `up` is held to the rule.
  const up = source.split(/^export\s+(const|async\s+function)\s+down\b/m)[0]
  const lines = up.split('\n')
  return lines
    .map((line, i) => ({ line, at: i + 1, note: lines.slice(Math.max(0, i - 3), i + 1).some((l) => CONTRACT_NOTE.test(l)) }))
    .filter(({ line, note }) => CONTRACTING.test(line.replace(/\/\/.*$/, '')) && !note)
    .map(({ at, line }) => `${at}: ${line.trim()}`)
}

describe('migrations are safe while the previous release serves (expand/contract, decision 0213)', () => {
  it('finds a drop or rename without its contract note, in up only', () => {
    const bad = `export const up = async (knex) => {\n  await knex.schema.alterTable('orders', (t) => t.dropColumn('old'))\n}\n`
    expect(uncontracted(bad)).toEqual([`2: await knex.schema.alterTable('orders', (t) => t.dropColumn('old'))`])
    expect(
      uncontracted(`export const up = async (knex) => {\n  await knex.raw('alter table a rename column b to c')\n}`)
    ).toHaveLength(1)
    const noted = `export const up = async (knex) => {\n  // contract: 2026.12 stopped reading orders.old\n  await knex.schema.alterTable('orders', (t) => t.dropColumn('old'))\n}\n`
    expect(uncontracted(noted)).toEqual([])
    const down = `export const up = async (knex) => {\n  await knex.schema.createTable('a', () => undefined)\n}\nexport const down = async (knex) => {\n  await knex.schema.dropTable('a')\n}\n`
    expect(uncontracted(down)).toEqual([])
  })

  it('holds every migration written after the rule to it', () => {
    const files = readdirSync(MIGRATIONS).filter((name) => /^\d{14}-.*\.ts$/.test(name))
    expect(files.some((name) => name.startsWith(CUT_OFF))).toBe(true)
    const offending = files
      .filter((name) => name.replace(/\.ts$/, '') > CUT_OFF)
      .flatMap((name) => uncontracted(readFileSync(path.join(MIGRATIONS, name), 'utf8')).map((line) => `${name}:${line}`))
    expect(offending).toEqual([])
  })
})
