import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPressTracker, LONG_PRESS_MS } from './press'

describe('createPressTracker', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const setup = () => {
    const onShortPress = vi.fn()
    const onLongPress = vi.fn()
    return { tracker: createPressTracker(() => ({ onShortPress, onLongPress })), onShortPress, onLongPress }
  }

  it('fires a short press on release before 1000 ms', () => {
    const { tracker, onShortPress, onLongPress } = setup()
    tracker.start(0, 0)
    vi.advanceTimersByTime(LONG_PRESS_MS - 1)
    expect(tracker.end()).toBe('short')
    expect(onShortPress).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(5000)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('fires a long press at 1000 ms while held, and no short press on release', () => {
    const { tracker, onShortPress, onLongPress } = setup()
    tracker.start(10, 10)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(onLongPress).toHaveBeenCalledOnce()
    expect(tracker.end()).toBe('long')
    expect(onShortPress).not.toHaveBeenCalled()
  })

  it('tolerates moves up to 20 px and cancels beyond', () => {
    const { tracker, onShortPress, onLongPress } = setup()
    tracker.start(0, 0)
    tracker.move(12, 16) // exactly 20 px away
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(onLongPress).toHaveBeenCalledOnce()
    tracker.end()

    tracker.start(0, 0)
    tracker.move(0, 21)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    expect(tracker.end()).toBeUndefined()
    expect(onLongPress).toHaveBeenCalledOnce()
    expect(onShortPress).not.toHaveBeenCalled()
  })

  it('does nothing on a release without a press, or after cancel', () => {
    const { tracker, onShortPress } = setup()
    expect(tracker.end()).toBeUndefined()
    tracker.start(0, 0)
    tracker.cancel()
    expect(tracker.end()).toBeUndefined()
    expect(onShortPress).not.toHaveBeenCalled()
  })
})
