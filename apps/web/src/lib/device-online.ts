import { useSyncExternalStore } from 'react'

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** The device's network state, following the browser (spec §4.5). */
export const useDeviceOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine)
