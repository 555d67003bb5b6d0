/** Press gestures (spec §4.11, §9.3): held 1000 ms is a long press; moving more than 20 px cancels. */
export const LONG_PRESS_MS = 1000
export const MOVE_TOLERANCE_PX = 20

export type PressResult = 'short' | 'long'

export interface PressCallbacks {
  onShortPress?: () => void
  onLongPress?: () => void
}

interface Timers {
  set: (callback: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/**
 * One press at a time: `start` on pointer down, `move` on pointer move, `end` on pointer up,
 * `cancel` when the pointer leaves. The long press fires while the pointer is still down, as
 * soon as 1000 ms have passed, so the user feels it without letting go.
 */
export const createPressTracker = (callbacks: () => PressCallbacks, timers: Timers = browserTimers) => {
  let origin: { x: number; y: number } | undefined
  let timer: unknown
  let fired = false

  const reset = () => {
    if (timer !== undefined) timers.clear(timer)
    timer = undefined
    origin = undefined
  }

  return {
    start(x: number, y: number) {
      reset()
      origin = { x, y }
      fired = false
      timer = timers.set(() => {
        timer = undefined
        fired = true
        origin = undefined
        callbacks().onLongPress?.()
      }, LONG_PRESS_MS)
    },
    move(x: number, y: number) {
      if (!origin) return
      if (Math.hypot(x - origin.x, y - origin.y) > MOVE_TOLERANCE_PX) reset()
    },
    end(): PressResult | undefined {
      if (fired) {
        fired = false
        return 'long'
      }
      if (!origin) return undefined
      reset()
      callbacks().onShortPress?.()
      return 'short'
    },
    cancel: reset
  }
}
