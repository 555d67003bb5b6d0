import type { Knex } from 'knex'
import { enterShop, leaveShop, walledSession, walledTransaction } from '../db/row-security'

/**
 * The row-security wall (docs/decisions/0020) as services see it. The SQL lives in db/row-security.ts;
 * these are the only ways in and out of it for a service.
 */

/** A new transaction that starts behind `shop`'s wall (BEGIN and the wall's settings in one round trip). */
export const enterWall = <T>(knex: Knex, shop: string, run: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
  walledTransaction(knex, shop, run)

/**
 * Exactly one statement behind `shop`'s wall (issue 17), outside any transaction, on a pooled
 * connection whose session sits behind that wall (docs/decisions/0101): one round trip, no BEGIN or
 * COMMIT. One statement is atomic on its own, so `run` must issue exactly one (a sale written as one
 * statement is still one transaction); what needs several belongs in `enterWall`.
 */
export const wallStatement = <T>(knex: Knex, shop: string, run: (db: Knex | Knex.Transaction) => Promise<T>): Promise<T> =>
  run(walledSession(knex, shop))

/** Statements each behind `shop`'s wall on their own (a walled read's page and total): see `wallStatement`. */
export const wallSession = (knex: Knex, shop: string): Knex => walledSession(knex, shop)

/** An open transaction goes behind `shop`'s wall for the rest of it (or switches to that shop's wall). */
export const joinWall = (trx: Knex.Transaction, shop: string) => enterShop(trx, shop)

/** An open transaction goes on past the wall, seeing every shop's rows (the caller names the shop itself). */
export const leaveWall = (trx: Knex.Transaction) => leaveShop(trx)

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
    if (rowSecurity) await joinWall(existing, shop)
    return run(existing, rowSecurity ? shop : undefined)
  }
  return rowSecurity ? enterWall(knex, shop, (trx) => run(trx, shop)) : knex.transaction((trx) => run(trx, undefined))
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
    await joinWall(this.trx, shop)
    this.current = shop
  }

  /** Back to the shop the transaction started in. */
  async leave() {
    if (this.home !== undefined) await this.enter(this.home)
  }
}
