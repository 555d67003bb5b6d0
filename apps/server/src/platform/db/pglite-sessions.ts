import type { Knex } from 'knex'
import ClientPGLite from 'knex-pglite'
import type { PgliteWorkerHost } from './pglite-host'

type PoolConfig = Knex.Config & { pool?: Knex.PoolConfig }
interface ClientInternals {
  pglite: PgliteWorkerHost
  initializePool(config: PoolConfig): void
}
// knex-pglite types its client as Knex's public Client, without the internals this subclass uses.
const Base = ClientPGLite as unknown as new (config: Knex.Config) => ClientInternals

/**
 * knex-pglite's client with a pool of sessions of the PGlite worker instead of one connection
 * (docs/decisions/0104). The worker runs one statement at a time and keeps a transaction to the
 * session that began it, so callers see one connection's behaviour, but the next caller's statement
 * is already waiting in the worker when the last one ends: the database never idles while the
 * server's thread handles an answer.
 */
export const pgliteSessionsClient = (sessions: number) =>
  class PgliteSessionsClient extends Base {
    override initializePool(config: PoolConfig) {
      super.initializePool({ ...config, pool: { min: 0, max: sessions } })
    }

    async _acquireOnlyConnection() {
      await this.pglite.waitReady
      return this.pglite.session()
    }

    // A session holds nothing; the worker is closed with the database (knex.ts).
    async destroyRawConnection() {}
  }
