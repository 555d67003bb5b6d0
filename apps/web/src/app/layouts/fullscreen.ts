import { useSyncExternalStore } from 'react'

const subscribe = (listener: () => void) => {
  document.addEventListener('fullscreenchange', listener)
  return () => document.removeEventListener('fullscreenchange', listener)
}

export const useFullscreen = () => {
  const active = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null)
  const toggle = () => {
    // Browsers may refuse (no user gesture, iframe policy); the button then simply stays as it is.
    const request = active ? document.exitFullscreen() : document.documentElement.requestFullscreen()
    void request.catch(() => undefined)
  }
  return { active, toggle }
}
