/** A tiny module-level store: every component sees the same device (decision 0097). */
export const createStore = <T extends object>(initial: T) => {
  let snapshot = initial
  const listeners = new Set<() => void>()
  return {
    get: () => snapshot,
    set(patch: Partial<T>) {
      snapshot = { ...snapshot, ...patch }
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}

/** Remembered between visits in this browser; a private window or a blocked storage just forgets. */
export const remember = {
  read<T>(key: string): T | null {
    try {
      const text = localStorage.getItem(key)
      return text ? (JSON.parse(text) as T) : null
    } catch {
      return null
    }
  },
  write(key: string, value: unknown) {
    try {
      localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // Storage refused: the device is asked for again next time.
    }
  }
}

/** A refusal of the hardware layer, by key: the screen says it in the cashier's language. */
export class HardwareError extends Error {
  constructor(readonly key: 'unsupported' | 'notConnected') {
    super(`pos hardware: ${key}`)
  }
}
