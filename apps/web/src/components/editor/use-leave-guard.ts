import { useCallback, useEffect, useRef, useState } from 'react'
import { useBlocker } from '@tanstack/react-router'

/**
 * Asks before an editor with unsaved changes goes away (spec §2.10 wording): on its own close
 * (Escape, the close and cancel buttons) through `requestClose`, on any navigation of the app's
 * history (browser back, a link) through the router's blocker, and on reload or tab close through
 * the browser's own beforeunload question (its text cannot be set by a page).
 */
export const useLeaveGuard = (dirty: boolean, onClose: () => void) => {
  const dirtyRef = useRef(dirty)
  useEffect(() => {
    dirtyRef.current = dirty
  }, [dirty])
  // Set once leaving is decided (saved, deleted, discarded): the editor's own navigation then passes.
  const leaving = useRef(false)
  const [question, setQuestion] = useState<((leave: boolean) => void) | undefined>()

  const pending = useRef<(leave: boolean) => void>(undefined)

  const ask = () => {
    // A second question (Escape pressed twice, back while asking) answers the first with "stay".
    pending.current?.(false)
    return new Promise<boolean>((resolve) => {
      const answer = (leave: boolean) => {
        if (pending.current !== answer) return
        pending.current = undefined
        setQuestion(undefined)
        if (leave) leaving.current = true
        resolve(leave)
      }
      pending.current = answer
      setQuestion(() => answer)
    })
  }

  const shouldBlockFn = useCallback(async () => {
    if (leaving.current || !dirtyRef.current) return false
    return !(await ask())
  }, [])
  const enableBeforeUnload = useCallback(() => dirtyRef.current && !leaving.current, [])
  useBlocker({ shouldBlockFn, enableBeforeUnload })

  /** Closes at once: what was there is saved or removed. */
  const close = () => {
    leaving.current = true
    onClose()
  }

  /** Closes, after asking when something changed. */
  const requestClose = () => {
    if (!dirtyRef.current) return close()
    void ask().then((leave) => leave && onClose())
  }

  return { close, requestClose, asking: Boolean(question), answer: (leave: boolean) => question?.(leave) }
}
