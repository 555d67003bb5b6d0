import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'

/** Records written before the first upkeep, and below which a run's end leaves the table to autovacuum. */
const FIRST = 1_000
/** The longest stretch of records between two upkeeps. */
const MAX_GAP = 20_000

/**
 * Keeps the list's table fit while a run writes into it (decision 0176). An import analyzes the table
 * after 1,000 records, then each time it has doubled what it wrote (at least every 20,000): otherwise the
 * planner keeps the table's old size (PGlite has no autovacuum at all) and plans a grown list as a small
 * one (a product list: 9 ms with statistics, 40 ms without at 30,000 rows). A preview writes and rolls
 * back, so it leaves every record it tried as a dead row the list's index scan must step over: it vacuums
 * every 20,000 (without it the product list's p99 right after a 30,000-row preview was 94 ms, with it
 * 21, against 23 before). A run's end vacuums and analyzes what is left. Upkeep runs outside any
 * transaction, between batches, and never fails the run (a role that may not do it is skipped by the database).
 */
export class TableUpkeep {
  private kept = 0

  constructor(
    private readonly knex: Knex,
    private readonly table: string | undefined,
    private readonly dryRun: boolean
  ) {}

  static of(app: Application, knex: Knex, path: string, dryRun: boolean) {
    return new TableUpkeep(knex, (app.service(path) as { model?: { table?: string } }).model?.table, dryRun)
  }

  /** After a batch: `written` records so far (new and changed; a preview's were rolled back). */
  async afterBatch(written: number) {
    const due = this.dryRun ? this.kept + MAX_GAP : Math.min(Math.max(FIRST, 2 * this.kept), this.kept + MAX_GAP)
    if (written < due) return
    this.kept = written
    await this.run(this.dryRun ? 'vacuum ??' : 'analyze ??')
  }

  /** At the run's end. */
  async atEnd(written: number) {
    if (written - this.kept < FIRST) return
    this.kept = written
    await this.run('vacuum (analyze) ??')
  }

  private async run(statement: string) {
    if (this.table) await this.knex.raw(statement, [this.table]).catch(() => undefined)
  }
}
