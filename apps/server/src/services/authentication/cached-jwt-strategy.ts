import { JWTStrategy } from '@feathersjs/authentication'
import type { Params } from '@feathersjs/feathers'

type Entity = Record<string, unknown> & { _id?: string }

const MAX_ENTRIES = 10_000

/**
 * Feathers' JWT strategy reads the account twice per authenticated call (an internal get, then the
 * same get through the service's hooks). Here it is read once and kept, dropped on every change of
 * that account (peers re-emit account events, 0007), so a call costs no account query at all.
 */
export class CachedJWTStrategy extends JWTStrategy {
  private readonly cache = new Map<string, { at: number; entity: Promise<Entity> }>()

  constructor(private readonly ttlMs: number) {
    super()
  }

  /** Called by the authentication service once every service exists: listen to account changes. */
  async setup() {
    const drop = (entity: Entity) => entity?._id && this.cache.delete(String(entity._id))
    const accounts = this.entityService as unknown as { on: (event: string, listener: (entity: Entity) => void) => void }
    for (const event of ['patched', 'updated', 'removed']) accounts.on(event, drop)
  }

  override async getEntity(id: string, _params: Params): Promise<Entity> {
    const key = String(id)
    const hit = this.cache.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) return { ...(await hit.entity) }
    // Internal get: the account as its owner sees it, secrets never included (StoreService).
    const entity = (this.entityService as unknown as { get: (id: string, p: Params) => Promise<Entity> }).get(key, {})
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(key, { at: Date.now(), entity })
    entity.catch(() => this.cache.delete(key))
    return { ...(await entity) }
  }
}
