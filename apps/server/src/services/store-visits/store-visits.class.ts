import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { VISITS_TOP, visitsRange, type StoreVisitsReport } from '@emporia/shared'
import { enterWall } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'

const KNOWN = new Set(['shop', 'from', 'to'])

/**
 * Storefront visits (decision 0194), find only: a range of days' visits per day and its most visited
 * referrers, landing pages and campaigns, summed from the day rows the storefront's visit log wrote.
 */
export class StoreVisitsService {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams & { shop?: string } = {}): Promise<StoreVisitsReport> {
    const query = (params.query ?? {}) as Record<string, unknown>
    for (const key of Object.keys(query))
      if (!KNOWN.has(key)) throw new BadRequest(`Unknown field "${key}"`, { key: 'format.unknownField', field: key })
    const shop = String(params.shop ?? query.shop)
    const range = visitsRange(query, new Date().toISOString().slice(0, 10))
    if ('field' in range)
      throw new BadRequest('A day as YYYY-MM-DD, at most a year', { key: 'format.invalid', field: range.field })
    const run = async (trx: Knex.Transaction): Promise<StoreVisitsReport> => {
      const rows = () => trx('storeVisits').where({ shop }).whereBetween('day', [range.from, range.to])
      const visits = trx.raw('sum(??)::int as visits', ['count'])
      const top = <T>(columns: string[]) =>
        rows()
          .select(...columns, visits)
          .groupBy(columns)
          .orderBy([{ column: 'visits', order: 'desc' }, ...columns.map((column) => ({ column }))])
          .limit(VISITS_TOP) as unknown as Promise<T[]>
      const days = (await rows().select('day', visits).groupBy('day').orderBy('day')) as { day: string; visits: number }[]
      const referrers = await top<{ referrer: string; visits: number }>(['referrer'])
      const landings = await top<{ landing: string; visits: number }>(['landing'])
      const campaigns = (
        await top<{ utmSource: string; utmMedium: string; utmCampaign: string; visits: number }>([
          'utmSource',
          'utmMedium',
          'utmCampaign'
        ])
      )
        .filter((row) => row.utmSource || row.utmMedium || row.utmCampaign)
        .map((row) => ({ source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign, visits: row.visits }))
      const total = days.reduce((sum, day) => sum + day.visits, 0)
      return { shop, ...range, total, days, referrers, landings, campaigns }
    }
    return this.rowSecurity ? enterWall(this.knex, shop, run) : this.knex.transaction(run)
  }
}
