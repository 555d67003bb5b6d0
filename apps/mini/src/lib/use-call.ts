import { useCallback, useEffect, useState } from 'react'

/** A call's state for a page: loading, its answer, or its error; `reload` asks again. */
export const useCall = <T>(load: () => Promise<T>, deps: unknown[]) => {
  const [state, setState] = useState<{ loading: boolean; data?: T; error?: unknown }>({ loading: true })
  const [round, setRound] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps)
  useEffect(() => {
    let live = true
    setState((last) => ({ loading: true, data: last.data }))
    run().then(
      (data) => live && setState({ loading: false, data }),
      (error: unknown) => live && setState({ loading: false, error })
    )
    return () => {
      live = false
    }
  }, [run, round])
  return { ...state, reload: () => setRound((n) => n + 1) }
}
