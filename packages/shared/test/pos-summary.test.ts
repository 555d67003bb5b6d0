import { describe, expect, it } from 'vitest'
import { POS_SUMMARY_MAX_DAYS, posSummaryQueryProblem } from '../src'

describe('posSummaryQueryProblem (decision 0096)', () => {
  const ok = { groupBy: 'hour', from: '2026-03-01', to: '2026-03-02' }

  it('takes a valid query, a cashier id or none', () => {
    expect(posSummaryQueryProblem(ok)).toBeNull()
    expect(posSummaryQueryProblem({ ...ok, cashier: '0123456789abcdef01234567' })).toBeNull()
    expect(posSummaryQueryProblem({ ...ok, cashier: '' })).toBeNull()
  })

  it('names the field and the key of what it refuses', () => {
    expect(posSummaryQueryProblem({ ...ok, groupBy: 'week' })).toEqual({ field: 'groupBy', key: 'format.invalid' })
    expect(posSummaryQueryProblem({ ...ok, from: 'soon' })).toEqual({ field: 'from', key: 'format.invalid' })
    expect(posSummaryQueryProblem({ ...ok, to: ok.from })).toEqual({ field: 'to', key: 'pos.summary.rangeOrder' })
    expect(posSummaryQueryProblem({ ...ok, cashier: 'drawer 1' })).toEqual({ field: 'cashier', key: 'format.invalid' })
  })

  it(`allows ${POS_SUMMARY_MAX_DAYS} days and not a moment more`, () => {
    const from = '2026-03-01T00:00:00.000Z'
    const end = Date.parse(from) + POS_SUMMARY_MAX_DAYS * 86_400_000
    expect(posSummaryQueryProblem({ groupBy: 'date', from, to: new Date(end).toISOString() })).toBeNull()
    expect(posSummaryQueryProblem({ groupBy: 'date', from, to: new Date(end + 1).toISOString() })).toEqual({
      field: 'to',
      key: 'pos.summary.rangeTooLong',
      values: { days: POS_SUMMARY_MAX_DAYS }
    })
  })
})
