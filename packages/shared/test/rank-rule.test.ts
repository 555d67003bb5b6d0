import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  accumulationWindow,
  addRankPeriod,
  decideRank,
  periodAround,
  type PaidEntry,
  type RankRuleGroup,
  type RankRuleInput,
  type RankRuleRank
} from '../src/customers/rank-rule'
import { shopRankGroupProblem, shopRankProblem } from '../src/customers/rank-settings'

const HK = 'Asia/Hong_Kong'
const NY = 'America/New_York'
const t = (iso: string) => Date.parse(iso)

const silver: RankRuleRank = { _id: 'a00000000000000000000001', amount: 1_000_00, expiryType: 'unlimited' }
const gold: RankRuleRank = { _id: 'a00000000000000000000002', amount: 5_000_00, expiryType: 'unlimited' }
const base = (over: Partial<RankRuleInput> = {}): RankRuleInput => ({
  group: { accumType: 'current', accumPeriod: 12, accumPeriodUnit: 'month', allowDowngrade: false },
  ranks: [silver, gold],
  memberSince: '2026-01-15T02:00:00.000Z',
  state: {},
  history: [],
  now: '2026-11-25T04:00:00.000Z',
  timeZone: HK,
  ...over
})

describe('the shop calendar', () => {
  it('adds months at the same local time, keeping the last day of a short month', () => {
    // 31 Jan 10:00 in Hong Kong + 1 month = 28 Feb 10:00 there.
    expect(new Date(addRankPeriod(t('2026-01-31T02:00:00Z'), 1, 'month', HK)).toISOString()).toBe('2026-02-28T02:00:00.000Z')
    expect(new Date(addRankPeriod(t('2026-03-01T02:00:00Z'), -1, 'month', HK)).toISOString()).toBe('2026-02-01T02:00:00.000Z')
    expect(new Date(addRankPeriod(t('2026-12-31T15:59:00Z'), 1, 'day', HK)).toISOString()).toBe('2027-01-01T15:59:00.000Z')
  })

  it('counts days by the wall clock across a clock change', () => {
    // New York moves to summer time on 8 Mar 2026: a local day there is 23 hours long.
    const before = t('2026-03-07T17:00:00Z') // 12:00 local, EST
    expect(new Date(addRankPeriod(before, 1, 'day', NY)).toISOString()).toBe('2026-03-08T16:00:00.000Z')
  })

  it('finds the consecutive period holding a moment, every bound counted from the origin', () => {
    const origin = t('2026-01-31T02:00:00Z')
    const around = periodAround(origin, t('2026-04-30T12:00:00Z'), 1, 'month', HK)
    // 31 Jan + 3 months = 30 Apr 10:00 local; + 4 months = 31 May (not 30 May: no drift from February).
    expect(new Date(around.from).toISOString()).toBe('2026-04-30T02:00:00.000Z')
    expect(new Date(around.to).toISOString()).toBe('2026-05-31T02:00:00.000Z')
    const before = periodAround(origin, t('2025-06-01T00:00:00Z'), 1, 'month', HK)
    expect(new Date(before.from).toISOString()).toBe('2026-01-31T02:00:00.000Z')
  })
})

describe('worked examples', () => {
  const cases: {
    name: string
    input: RankRuleInput
    rank: string | null
    expiry: string | null
    amount: number
    reason: string
  }[] = [
    {
      name: 'no money, no rank',
      input: base(),
      rank: null,
      expiry: null,
      amount: 0,
      reason: 'none'
    },
    {
      name: 'one paid order reaches silver (unlimited)',
      input: base({ history: [{ date: '2026-11-20T00:00:00Z', amount: 1_200_00 }] }),
      rank: silver._id,
      expiry: null,
      amount: 1_200_00,
      reason: 'upgraded'
    },
    {
      name: 'money older than the rolling 12 months does not count',
      input: base({
        history: [
          { date: '2025-11-25T03:59:00Z', amount: 9_000_00 },
          { date: '2026-01-01T00:00:00Z', amount: 500_00 }
        ]
      }),
      rank: null,
      expiry: null,
      amount: 500_00,
      reason: 'none'
    },
    {
      name: 'a fully refunded order (net 0) adds nothing',
      input: base({ history: [{ date: '2026-11-20T00:00:00Z', amount: 0 }] }),
      rank: null,
      expiry: null,
      amount: 0,
      reason: 'none'
    },
    {
      name: 'accumType start: the membership year holding now (15 Jan 10:00 local to 15 Jan next year)',
      input: base({
        group: { accumType: 'start', accumPeriod: 1, accumPeriodUnit: 'month' },
        history: [
          { date: '2026-11-15T01:59:00Z', amount: 5_000_00 }, // 09:59 on 15 Nov local: the October window
          { date: '2026-11-15T02:00:00Z', amount: 1_000_00 }
        ]
      }),
      rank: silver._id,
      expiry: null,
      amount: 1_000_00,
      reason: 'upgraded'
    },
    {
      name: 'expiryType current: a period after the rank was reached',
      input: base({
        ranks: [{ ...silver, expiryType: 'current', expiryPeriod: 6, expiryPeriodUnit: 'month' }],
        history: [{ date: '2026-11-20T00:00:00Z', amount: 1_000_00 }]
      }),
      rank: silver._id,
      expiry: '2027-05-25T04:00:00.000Z',
      amount: 1_000_00,
      reason: 'upgraded'
    },
    {
      name: 'expiryType start: the next membership anniversary',
      input: base({
        ranks: [{ ...silver, expiryType: 'start', expiryPeriod: 12, expiryPeriodUnit: 'month' }],
        history: [{ date: '2026-11-20T00:00:00Z', amount: 1_000_00 }]
      }),
      rank: silver._id,
      expiry: '2027-01-15T02:00:00.000Z',
      amount: 1_000_00,
      reason: 'upgraded'
    },
    {
      name: 'expiryType accumulate with accumType start: when the membership window ends',
      input: base({
        group: { accumType: 'start', accumPeriod: 3, accumPeriodUnit: 'month' },
        ranks: [{ ...silver, expiryType: 'accumulate' }],
        history: [{ date: '2026-11-20T00:00:00Z', amount: 1_000_00 }]
      }),
      rank: silver._id,
      // windows from 15 Jan: Oct 15 – Jan 15.
      expiry: '2027-01-15T02:00:00.000Z',
      amount: 1_000_00,
      reason: 'upgraded'
    },
    {
      name: 'expiryType accumulate with a rolling window: when today’s money has left it',
      input: base({
        group: { accumType: 'current', accumPeriod: 30, accumPeriodUnit: 'day' },
        ranks: [{ ...silver, expiryType: 'accumulate' }],
        history: [{ date: '2026-11-20T00:00:00Z', amount: 1_000_00 }]
      }),
      rank: silver._id,
      expiry: '2026-12-25T04:00:00.000Z',
      amount: 1_000_00,
      reason: 'upgraded'
    },
    {
      name: 'less money without allowDowngrade: gold is kept until it expires',
      input: base({ state: { rank: gold._id, expiry: '2027-01-01T00:00:00.000Z' }, history: [] }),
      rank: gold._id,
      expiry: '2027-01-01T00:00:00.000Z',
      amount: 0,
      reason: 'kept'
    },
    {
      name: 'less money with allowDowngrade: down to what the amount reaches',
      input: base({
        group: { accumType: 'current', accumPeriod: 12, accumPeriodUnit: 'month', allowDowngrade: true },
        state: { rank: gold._id, expiry: null },
        history: [{ date: '2026-10-01T00:00:00Z', amount: 2_000_00 }]
      }),
      rank: silver._id,
      expiry: null,
      amount: 2_000_00,
      reason: 'downgraded'
    },
    {
      name: 'an expired gold without allowDowngrade is decided again from the amount',
      input: base({
        state: { rank: gold._id, expiry: '2026-11-01T00:00:00.000Z' },
        history: [{ date: '2026-10-01T00:00:00Z', amount: 2_000_00 }]
      }),
      rank: silver._id,
      expiry: null,
      amount: 2_000_00,
      reason: 'expired'
    },
    {
      name: 'an expired rank still reached is renewed from now',
      input: base({
        ranks: [{ ...silver, expiryType: 'current', expiryPeriod: 30, expiryPeriodUnit: 'day' }],
        state: { rank: silver._id, expiry: '2026-11-01T00:00:00.000Z' },
        history: [{ date: '2026-10-01T00:00:00Z', amount: 2_000_00 }]
      }),
      rank: silver._id,
      expiry: '2026-12-25T04:00:00.000Z',
      amount: 2_000_00,
      reason: 'renewed'
    },
    {
      name: 'a rank reached while held keeps its expiry',
      input: base({
        ranks: [{ ...silver, expiryType: 'current', expiryPeriod: 30, expiryPeriodUnit: 'day' }],
        state: { rank: silver._id, expiry: '2026-12-01T00:00:00.000Z' },
        history: [{ date: '2026-10-01T00:00:00Z', amount: 2_000_00 }]
      }),
      rank: silver._id,
      expiry: '2026-12-01T00:00:00.000Z',
      amount: 2_000_00,
      reason: 'kept'
    }
  ]
  for (const c of cases)
    it(c.name, () => {
      const decision = decideRank(c.input)
      expect({ rank: decision.rank, expiry: decision.expiry, amount: decision.amount, reason: decision.reason }).toEqual({
        rank: c.rank,
        expiry: c.expiry,
        amount: c.amount,
        reason: c.reason
      })
    })
})

// ---- properties -------------------------------------------------------------------------------

const START = t('2024-01-01T00:00:00Z')
const SPAN = 3 * 365 * 86_400_000
const moment = fc.integer({ min: 0, max: SPAN }).map((ms) => new Date(START + ms).toISOString())
const unit = fc.constantFrom('month' as const, 'day' as const)
const zone = fc.constantFrom(HK, NY, 'UTC', 'Australia/Adelaide')

const groupArb: fc.Arbitrary<RankRuleGroup> = fc.record({
  accumType: fc.constantFrom('start' as const, 'current' as const),
  accumPeriod: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
  accumPeriodUnit: unit,
  allowDowngrade: fc.boolean()
})

const ranksArb: fc.Arbitrary<RankRuleRank[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 5 })
  .chain((amounts) =>
    fc.tuple(
      ...amounts.map((amount, i) =>
        fc.record({
          _id: fc.constant(`r${String(i).padStart(23, '0')}`),
          amount: fc.constant(amount),
          expiryType: fc.constantFrom('start' as const, 'current' as const, 'accumulate' as const, 'unlimited' as const),
          expiryPeriod: fc.integer({ min: 1, max: 24 }),
          expiryPeriodUnit: unit
        })
      )
    )
  )

const entryArb: fc.Arbitrary<PaidEntry> = fc.record({ date: moment, amount: fc.integer({ min: 0, max: 5_000 }) })

const inputArb: fc.Arbitrary<RankRuleInput> = fc
  .tuple(groupArb, ranksArb, moment, moment, fc.array(entryArb, { maxLength: 12 }), zone)
  .chain(([group, ranks, memberSince, now, history, timeZone]) =>
    fc
      .record({
        rank: fc.option(fc.constantFrom(...ranks.map((r) => r._id)), { nil: null }),
        expiry: fc.option(moment, { nil: null })
      })
      .map((state) => ({ group, ranks, memberSince, now, history, timeZone, state: state.rank ? state : {} }))
  )

const amountOf = (ranks: readonly RankRuleRank[], id: string | null) => (id ? ranks.find((r) => r._id === id)!.amount : -1)

describe('the rank rule (properties)', () => {
  it('is deterministic', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(decideRank(input)).toEqual(decideRank(JSON.parse(JSON.stringify(input)) as RankRuleInput))
      })
    )
  })

  it('a paid-then-refunded order adds nothing; a partly refunded one adds only what was kept', () => {
    fc.assert(
      fc.property(inputArb, moment, fc.integer({ min: 1, max: 9_000 }), fc.nat(), (input, date, paid, r) => {
        const refunded = r % (paid + 1)
        const without = decideRank(input)
        const withRefunded = decideRank({ ...input, history: [...input.history, { date, amount: paid - paid }] })
        expect(withRefunded).toEqual(without)
        const partly = decideRank({ ...input, history: [...input.history, { date, amount: paid - refunded }] })
        const inWindow = partly.amount - without.amount
        expect(inWindow === 0 || inWindow === paid - refunded).toBe(true)
      })
    )
  })

  it('the amount is the sum of the paid money dated in the window', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decideRank(input)
        const now = t(input.now)
        const from = decision.window.from === null ? null : t(decision.window.from)
        const inside = input.history.filter((e) => {
          const at = t(e.date)
          if (at > now) return false
          if (from === null) return true
          return input.group.accumType === 'current' ? at > from : at >= from
        })
        expect(decision.amount).toBe(inside.reduce((sum, e) => sum + e.amount, 0))
        if (from !== null) expect(from).toBeLessThanOrEqual(now)
      })
    )
  })

  it('a rank goes down only when the group allows it or the held rank has expired', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decideRank(input)
        if (amountOf(input.ranks, decision.rank) < amountOf(input.ranks, input.state.rank ?? null)) {
          const expired = input.state.expiry != null && t(input.state.expiry) <= t(input.now)
          expect(input.group.allowDowngrade === true || expired).toBe(true)
        }
      })
    )
  })

  it('the rank held is never above what the amount reaches unless it was already held', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decideRank(input)
        const reached = input.ranks.filter((r) => r.amount <= decision.amount).reduce((m, r) => Math.max(m, r.amount), -1)
        const held = amountOf(input.ranks, decision.rank)
        if (held > reached) expect(decision.rank).toBe(input.state.rank)
        if (!input.state.rank) expect(held).toBe(reached)
        // What the amount reaches is always given at least.
        expect(held).toBeGreaterThanOrEqual(reached)
      })
    )
  })

  it('more paid money never gives a lower rank', () => {
    fc.assert(
      fc.property(inputArb, fc.array(entryArb, { minLength: 1, maxLength: 4 }), (input, more) => {
        const less = decideRank(input)
        const moreMoney = decideRank({ ...input, history: [...input.history, ...more] })
        expect(amountOf(input.ranks, moreMoney.rank)).toBeGreaterThanOrEqual(amountOf(input.ranks, less.rank))
      })
    )
  })

  it('computes the expiry per type when a rank is given', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decideRank(input)
        if (!decision.rank || decision.reason === 'kept') return
        const rank = input.ranks.find((r) => r._id === decision.rank)!
        const now = t(input.now)
        const since = Math.min(t(input.memberSince), now)
        const { timeZone } = input
        switch (rank.expiryType) {
          case 'unlimited':
            expect(decision.expiry).toBeNull()
            break
          case 'current':
            expect(decision.expiry).toBe(
              new Date(addRankPeriod(now, rank.expiryPeriod!, rank.expiryPeriodUnit!, timeZone)).toISOString()
            )
            break
          case 'start': {
            const expiry = t(decision.expiry!)
            expect(expiry).toBeGreaterThan(now)
            // An anniversary: the membership start plus a whole number of periods, the first after now.
            const around = periodAround(since, now, rank.expiryPeriod!, rank.expiryPeriodUnit!, timeZone)
            expect(expiry).toBe(around.to)
            break
          }
          case 'accumulate': {
            const end = accumulationWindow(input.group, since, now, timeZone).end
            expect(decision.expiry).toBe(end === null ? null : new Date(end).toISOString())
            if (end !== null) expect(end).toBeGreaterThan(now)
          }
        }
      })
    )
  })

  it('a decision applied again changes nothing', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const first = decideRank(input)
        const again = decideRank({ ...input, state: { rank: first.rank, expiry: first.expiry } })
        expect(again.changed).toBe(false)
        expect(again.rank).toBe(first.rank)
      })
    )
  })
})

describe('rank settings', () => {
  it('a rank ending after a period needs the period and its unit', () => {
    expect(shopRankProblem({ expiryType: 'current' })).toEqual({ field: 'expiryPeriod', key: 'rank.expiryPeriodRequired' })
    expect(shopRankProblem({ expiryType: 'start', expiryPeriod: 3 })).toEqual({
      field: 'expiryPeriodUnit',
      key: 'rank.expiryUnitRequired'
    })
    expect(shopRankProblem({ expiryType: 'unlimited' })).toBeUndefined()
    expect(shopRankProblem({ expiryType: 'accumulate' })).toBeUndefined()
    expect(shopRankGroupProblem({ accumPeriod: 3 })).toEqual({ field: 'accumPeriodUnit', key: 'rankGroup.periodWithUnit' })
    expect(shopRankGroupProblem({})).toBeUndefined()
  })
})
