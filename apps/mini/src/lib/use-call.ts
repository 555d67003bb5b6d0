import { useEffect, useRef, useState } from 'react'

/**
 * A call's state for a page: loading, its answer, or its error. It is asked again when `key` changes
 * (what the call depends on, as text) or on `reload`; the last answer stays shown while the next loads.
 */
export const useCall = <T>(load: () => Promise<T>, key: string) => {
  const [round, setRound] = useState(0)
  const ask = `${key}#${round}`
  const [state, setState] = useState<{ ask?: string; data?: T; error?: unknown }>({})
  const latest = useRef(load)
  useEffect(() => {
    latest.current = load
  })
  useEffect(() => {
    let live = true
    latest.current().then(
      (data) => live && setState({ ask, data }),
      (error: unknown) => live && setState((last) => ({ ask, data: last.data, error }))
    )
    return () => {
      live = false
    }
  }, [ask])
  return {
    loading: state.ask !== ask,
    data: state.data,
    error: state.ask === ask ? state.error : undefined,
    reload: () => setRound((n) => n + 1)
  }
}
