import { useEffect, useState } from 'react'
import type { ImportRun } from '@emporia/shared'
import { followRun } from './import-api'
import { isRunning } from './import-view'

/**
 * The latest state of one run, from the moment it is created until it is done, failed or cancelled;
 * `start` sets the run the server just answered with, and following starts from it.
 */
export const useImportRun = (onError: (error: unknown) => void) => {
  const [run, setRun] = useState<ImportRun | undefined>()
  const id = run?._id
  const moving = run ? isRunning(run.status) : false
  useEffect(() => {
    if (!id || !moving) return
    return followRun(
      id,
      // A late answer of an earlier state must not move the bar back.
      (next) => setRun((current) => (current && current._id === next._id && current.updatedAt > next.updatedAt ? current : next)),
      onError
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one follow per run while it moves
  }, [id, moving])
  return { run, start: setRun, clear: () => setRun(undefined) }
}
