/*
 * Keyboard-wedge scanners (spec §2.13; decision 0098): a scanner "types" its code far faster than a person
 * and ends it with Enter. We tell the two apart by the gaps between keys, so a cashier's own typing is
 * never taken for a scan, and typing in a field is left alone except in fields marked `data-pos-scan`
 * (the till's search box), where a fast code + Enter is a scan too. Our own detector: the
 * `@point-of-sale` scanner package listens on the whole document and cannot leave fields alone.
 */

export interface ScanOptions {
  /** The longest gap between two keys of one scan (ms); people rarely type faster than 60 ms a key. */
  maxGap?: number
  /** The fewest characters a code has (shorter bursts are typing). */
  minLength?: number
  /** The clock (ms); `performance.now` by default. */
  now?: () => number
}

export interface ScanDetector {
  /** Feeds one key (its `KeyboardEvent.key`); answers the code when the key ends a scan (Enter). */
  key(key: string, at: number): string | null
  reset(): void
}

export const DEFAULT_MAX_GAP = 50
export const DEFAULT_MIN_LENGTH = 4

/** The pure detector: a burst of printable keys, each within `maxGap` of the last, then Enter. */
export const createScanDetector = (options: ScanOptions = {}): ScanDetector => {
  const maxGap = options.maxGap ?? DEFAULT_MAX_GAP
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH
  let buffer = ''
  let last = Number.NEGATIVE_INFINITY
  const reset = () => {
    buffer = ''
    last = Number.NEGATIVE_INFINITY
  }
  return {
    key(key, at) {
      const fast = at - last <= maxGap
      if (key === 'Enter') {
        const code = fast && buffer.length >= minLength ? buffer : null
        reset()
        return code
      }
      // Shift, Control… are not characters: they neither add nor break a burst (a scanner may send Shift).
      if (key.length !== 1) return null
      buffer = fast ? buffer + key : key
      last = at
      return null
    },
    reset
  }
}

const editable = (target: EventTarget | null): HTMLElement | null => {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return null
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable ? target : null
}

/**
 * Listens for scans on `target` (the window, or the till's root); answers the function that stops it.
 * A scan's Enter is swallowed so it does not also press a focused button.
 */
export const listenForScans = (
  target: Window | HTMLElement,
  onScan: (code: string) => void,
  options: ScanOptions = {}
): (() => void) => {
  const detector = createScanDetector(options)
  const now = options.now ?? (() => performance.now())
  const listener = (event: Event) => {
    const keyEvent = event as KeyboardEvent
    if (keyEvent.ctrlKey || keyEvent.altKey || keyEvent.metaKey || keyEvent.isComposing) return detector.reset()
    const field = editable(keyEvent.target)
    if (field && !field.hasAttribute('data-pos-scan')) return detector.reset()
    const code = detector.key(keyEvent.key, now())
    if (code === null) return
    keyEvent.preventDefault()
    keyEvent.stopPropagation()
    // In the search box the whole text is the code: a burst that slowed down midway is not cut short.
    const typed = field instanceof HTMLInputElement ? field.value.trim() : ''
    onScan(typed.endsWith(code) ? typed : code)
  }
  // Capture: the till sees the scan's Enter before a focused button or the search box handles it.
  target.addEventListener('keydown', listener, true)
  return () => target.removeEventListener('keydown', listener, true)
}
