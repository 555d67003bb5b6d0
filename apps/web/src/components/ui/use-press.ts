import { useEffect, useState, type MouseEvent, type PointerEvent } from 'react'
import { createPressTracker, type PressCallbacks } from '../../lib/press'

const createPressHandlers = () => {
  // The callbacks of the latest render; a press can only start after mount, when they are set.
  let current: PressCallbacks = {}
  const tracker = createPressTracker(() => current)
  return {
    update: (next: PressCallbacks) => {
      current = next
    },
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.button !== 0) return
        tracker.start(event.clientX, event.clientY)
      },
      onPointerMove: (event: PointerEvent) => tracker.move(event.clientX, event.clientY),
      onPointerUp: () => void tracker.end(),
      onPointerLeave: tracker.cancel,
      onPointerCancel: tracker.cancel,
      // A long press must not open the browser's context menu on touch screens.
      onContextMenu: (event: MouseEvent) => event.preventDefault()
    }
  }
}

/**
 * Pointer handlers for short and long press (spec §4.11). Spread them on any element; the
 * latest callbacks are used, so they need not be memoised.
 */
export const usePress = (callbacks: PressCallbacks) => {
  const [press] = useState(createPressHandlers)
  useEffect(() => press.update(callbacks))
  return press.handlers
}
