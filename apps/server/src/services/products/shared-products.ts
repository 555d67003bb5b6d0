import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths } from '@emporia/shared'

type SharedRecord = { accessShop?: { shop: string }[] | null }

/**
 * Which shops have products of other shops shared with them (§6.3), per process. Most have none:
 * their lists then name the shop alone, which an index can serve behind the row-security wall
 * (the shared form is an `or` the planner can only answer by reading every product of the shop).
 * A products event that shares a product with a shop forgets that shop here and on every peer
 * (0007); the TTL bounds staleness for changes made without events.
 */
export class SharedProducts {
  private readonly cache = new Map<string, { at: number; shared: Promise<boolean> }>()

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs: number
  ) {}

  has(shop: string): Promise<boolean> {
    const hit = this.cache.get(shop)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.shared
    const shared = this.load(shop)
    this.cache.set(shop, { at: Date.now(), shared })
    shared.catch(() => this.cache.delete(shop))
    return shared
  }

  private async load(shop: string) {
    const row = await this.knex('products')
      .select('_id')
      .whereRaw('"accessShop" @> ?::jsonb', [JSON.stringify([{ shop }])])
      .first()
    return row !== undefined
  }

  listen(app: Application) {
    const forget = (record: SharedRecord) => {
      for (const entry of record?.accessShop ?? []) this.cache.delete(entry.shop)
    }
    for (const event of ['created', 'patched', 'updated']) app.service(servicePaths.products).on(event, forget)
  }
}
