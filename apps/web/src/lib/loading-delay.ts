import { useEffect, useRef, useState } from 'react'

/** Spec §9.3: the data-fetch minimum delay. */
export const FETCH_MIN_DELAY_MS = 200

/**
 * When a loading state is shown (spec §9.3, decision 0187): only once a fetch has lasted the delay — an
 * answer within 200 ms shows no spinner at all — and, once shown, for at least the delay, so that it
 * never flickers on and off. Plain timers, no React: the hook below drives it and the tests step it.
 */
export class LoadingGate {
  private shownAt: number | undefined
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly onChange: (shown: boolean) => void,
    private readonly delay = FETCH_MIN_DELAY_MS,
    private readonly now: () => number = () => Date.now()
  ) {}

  set(loading: boolean) {
    this.clear()
    if (loading) {
      if (this.shownAt === undefined) this.timer = setTimeout(() => this.show(), this.delay)
      return
    }
    if (this.shownAt === undefined) return
    const left = this.delay - (this.now() - this.shownAt)
    if (left <= 0) this.hide()
    else this.timer = setTimeout(() => this.hide(), left)
  }

  dispose() {
    this.clear()
  }

  private show() {
    this.timer = undefined
    this.shownAt = this.now()
    this.onChange(true)
  }

  private hide() {
    this.timer = undefined
    this.shownAt = undefined
    this.onChange(false)
  }

  private clear() {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}

/** Whether a loading indicator for `loading` shows now (LoadingGate's rule). */
export const useDelayedLoading = (loading: boolean, delay = FETCH_MIN_DELAY_MS): boolean => {
  const [shown, setShown] = useState(false)
  const gate = useRef<LoadingGate | undefined>(undefined)
  useEffect(() => {
    const made = new LoadingGate(setShown, delay)
    gate.current = made
    return () => {
      made.dispose()
      gate.current = undefined
    }
  }, [delay])
  useEffect(() => gate.current?.set(loading), [loading, delay])
  return shown
}
