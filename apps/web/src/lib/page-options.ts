import { useEffect, useSyncExternalStore, type ReactNode } from 'react'

/** A top-bar button (spec §2.5): short and long press, an optional badge. */
export interface PageAction {
  key: string
  label: string
  icon: ReactNode
  onShortPress?: () => void
  onLongPress?: () => void
  badge?: number | string
}

/** What a page may ask of its layout (spec §2.3). */
export interface PageOptions {
  title?: string
  actions?: PageAction[]
  fullPage?: boolean
  noDrawer?: boolean
  dark?: boolean
  fontSize?: 'normal' | 'large'
  noSelect?: boolean
}

let options: PageOptions = {}
const listeners = new Set<() => void>()

const set = (next: PageOptions) => {
  options = next
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const usePageOptionsState = () => useSyncExternalStore(subscribe, () => options)

/** Sets the current page's options while it is shown; pass a memoised object to avoid churn. */
export const usePageOptions = (next: PageOptions) => {
  useEffect(() => {
    set(next)
    return () => {
      if (options === next) set({})
    }
  }, [next])
}
