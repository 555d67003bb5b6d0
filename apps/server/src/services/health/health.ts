import type { Db } from '../../db/knex'

/** `GET /api/health` → `{status: 'ok'}` once the database answers. */
export class HealthService {
  constructor(private readonly db: Db) {}

  async find() {
    await this.db.knex.raw('select 1')
    return { status: 'ok' as const }
  }
}
