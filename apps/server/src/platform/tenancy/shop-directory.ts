import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths, shopAttributes, type ShopFeatures } from '@emporia/shared'

export type ShopAccessRecord = ShopFeatures & {
  _id: string
  staffVerifyRequired?: boolean | null
  adminTwoStepRequired?: boolean | null
  /** Asked to be deleted (decision 0211): no staff call but `shop/deletion` reaches the shop. */
  deleteAfter?: Date | string | null
}

/**
 * The shops every shop-scoped call checks against (members, features), cached per process.
 * A shop's entry is dropped on every change event of that shop, which peers re-emit in every
 * process (0007), and after each member change commits; the TTL is a last safety net only.
 */
export class ShopDirectory {
  private readonly cache = new Map<string, { at: number; shop: Promise<ShopAccessRecord | undefined> }>()

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs: number,
    /** BILLING=off (decision 0129): every shop has every paid feature, whatever its stored attributes say. */
    private readonly options: { billing: boolean } = { billing: true }
  ) {}

  /**
   * `trx`: the caller's open transaction, read through on a miss (and not cached): on PGlite's single
   * connection a read outside it would wait for the transaction that waits for it (decision 0115).
   */
  get(id: string, trx?: Knex.Transaction): Promise<ShopAccessRecord | undefined> {
    const hit = this.cache.get(id)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.shop
    if (trx) return this.load(id, trx)
    const shop = this.load(id)
    this.cache.set(id, { at: Date.now(), shop })
    shop.catch(() => this.cache.delete(id))
    return shop
  }

  forget(id: string) {
    this.cache.delete(id)
  }

  private async load(id: string, trx?: Knex.Transaction): Promise<ShopAccessRecord | undefined> {
    const row = (await (trx ?? this.knex)('shops')
      .select(
        '_id',
        'users',
        'attributes',
        'useSubShop',
        'useInventoryLot',
        'useCashboxLog',
        'staffVerifyRequired',
        'adminTwoStepRequired',
        'deleteAfter'
      )
      .where({ _id: id })
      .first()) as ShopAccessRecord | undefined
    if (row && !this.options.billing) row.attributes = Object.fromEntries(shopAttributes.map((name) => [name, true]))
    return row
  }

  /** Drops cached shops whenever the shops service reports a change (here or on a peer). */
  listen(app: Application) {
    const drop = (shop: { _id?: string }) => shop?._id && this.forget(shop._id)
    for (const event of ['patched', 'updated', 'removed', 'created']) app.service(servicePaths.shops).on(event, drop)
  }
}
