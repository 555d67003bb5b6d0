import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FETCH_MIN_DELAY_MS, LoadingGate } from './loading-delay'

describe('the loading state’s 200 ms (spec §9.3)', () => {
  let shown: boolean[]
  let gate: LoadingGate
  beforeEach(() => {
    vi.useFakeTimers()
    shown = []
    gate = new LoadingGate(
      (value) => shown.push(value),
      FETCH_MIN_DELAY_MS,
      () => Date.now()
    )
  })
  afterEach(() => {
    gate.dispose()
    vi.useRealTimers()
  })

  it('shows nothing for a fetch answered within the delay', () => {
    gate.set(true)
    vi.advanceTimersByTime(199)
    gate.set(false)
    vi.advanceTimersByTime(1000)
    expect(shown).toEqual([])
  })

  it('shows a slow fetch once the delay has passed, and hides it when it ends', () => {
    gate.set(true)
    vi.advanceTimersByTime(200)
    expect(shown).toEqual([true])
    vi.advanceTimersByTime(300)
    gate.set(false)
    expect(shown).toEqual([true, false])
  })

  it('keeps a shown state for the delay at least, and a new fetch in that time keeps it on', () => {
    gate.set(true)
    vi.advanceTimersByTime(250)
    gate.set(false)
    vi.advanceTimersByTime(100)
    expect(shown).toEqual([true])
    gate.set(true)
    vi.advanceTimersByTime(500)
    expect(shown).toEqual([true])
    gate.set(false)
    expect(shown).toEqual([true, false])
  })

  it('hides at the end of the delay when the fetch ended early', () => {
    gate.set(true)
    vi.advanceTimersByTime(210)
    gate.set(false)
    vi.advanceTimersByTime(189)
    expect(shown).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(shown).toEqual([true, false])
  })
})
