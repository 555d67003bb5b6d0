import { describe, expect, it } from 'vitest'
import { parseLimit } from './limit-money'

describe('parseLimit: a staff discount limit typed in HK$', () => {
  it('reads up to two decimals as exact cents, empty as no limit', () => {
    expect(parseLimit('150.5')).toBe(15050)
    expect(parseLimit(' $1,200.05 ')).toBe(120005)
    expect(parseLimit('0')).toBe(0)
    expect(parseLimit('')).toBeNull()
    expect(parseLimit(null)).toBeNull()
    expect(parseLimit(2500)).toBe(2500)
  })

  it('refuses more than two decimals, negatives, text and amounts over the schema’s ceiling', () => {
    for (const typed of ['150.555', '-1', '1e3', 'ten', '.5', '1000000000.01']) expect(parseLimit(typed)).toBeUndefined()
    expect(parseLimit(1.5)).toBeUndefined()
  })
})
