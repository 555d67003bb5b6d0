import { describe, expect, it } from 'vitest'
import { recomputeText } from './recompute-text'
import { shopRankGroupsMessages } from './shop-rank-groups.messages'

const fill =
  (language: 'en' | 'cht') =>
  (key: never, values: Record<string, unknown> = {}) =>
    (shopRankGroupsMessages[language] as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, name: string) =>
      String(values[name])
    )

describe('the re-ranking progress in words (decision 0154)', () => {
  const at = '2026-12-02T05:00:00.000Z'
  it('says how many customers of how many, waiting, done or failed, in the language', () => {
    expect(recomputeText({ state: 'running', done: 200, total: 530, at }, fill('en'), 'en')).toBe(
      'Re-ranking customers: 200 of 530'
    )
    expect(recomputeText({ state: 'running', done: 200, total: 530, at }, fill('cht'), 'cht')).toBe('正在重新評級顧客：200 / 530')
    expect(recomputeText({ state: 'waiting', done: 0, total: 0, at }, fill('cht'), 'cht')).toBe('正在重新評級顧客：準備中…')
    expect(recomputeText({ state: 'done', done: 530, total: 530, at }, fill('en'), 'en')).toMatch(/^Re-ranked 530 customers, /)
    expect(recomputeText(null, fill('en'), 'en')).toBe('')
  })
})
