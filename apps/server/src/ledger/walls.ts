import type { Knex } from 'knex'
import { enterShop, walledTransaction } from '../db/row-security'

/**
 * A transaction for one shop's inventory call: behind the row-security wall on PostgreSQL when it
 * is on (docs/decisions/0020), a plain one otherwise. Answers the wall the ledger must respect.
 * A caller's own transaction (`params.transaction`: an order that sells stock) is joined, not
 * nested, so its write stays one transaction (ARCHITECTURE §3.3); it is walled as RecordService does.
 */
export const shopTransaction = async <T>(
  knex: Knex,
  rowSecurity: boolean,
  shop: string,
  run: (trx: Knex.Transaction, wall: string | undefined) => Promise<T>,
  existing?: Knex.Transaction
): Promise<T> => {
  if (existing) {
    if (rowSecurity) await enterShop(existing, shop)
    return run(existing, rowSecurity ? shop : undefined)
  }
  return rowSecurity ? walledTransaction(knex, shop, (trx) => run(trx, shop)) : knex.transaction((trx) => run(trx, undefined))
}

/**
 * Keeps track of which shop's wall a transaction is in, so statements about another shop's rows
 * (crossTransfer) run behind that shop's wall and the transaction returns to its own afterwards.
 * Without a wall (owner connection) nothing is switched.
 */
export class WallSwitch {
  private current: string | undefined

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly home: string | undefined
  ) {
    this.current = home
  }

  async enter(shop: string) {
    if (this.home === undefined || this.current === shop) return
    await enterShop(this.trx, shop)
    this.current = shop
  }

  /** Back to the shop the transaction started in. */
  async leave() {
    if (this.home !== undefined) await this.enter(this.home)
  }
}
