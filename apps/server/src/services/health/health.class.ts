import type { Db } from '../../platform/db/knex'
import type { Health } from './health.schema'

/** `GET /api/health` → `{status: 'ok'}` once the database answers. */
export class HealthService {
  constructor(private readonly db: Db) {}

  async find(): Promise<Health> {
    await this.db.knex.raw('select 1')
    return { status: 'ok' }
  }
}
