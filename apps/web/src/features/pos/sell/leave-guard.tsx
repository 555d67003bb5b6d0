import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, Typography } from '@mui/material'
import { useBlocker } from '@tanstack/react-router'
import { useListT } from '../../../lib/i18n/lists'

/*
 * Leaving the till with an unsaved order (spec §2.13; decision 0098, after the editor's guard of 0065):
 * any navigation of the app asks "Stay on page!", "Discard" or "On Hold"; a reload or closed tab gets the
 * browser's own question (its text cannot be set).
 */

export type LeaveChoice = 'stay' | 'discard' | 'hold'

export const useTillLeaveGuard = (unsaved: boolean, onHold: () => void) => {
  const unsavedRef = useRef(unsaved)
  const holdRef = useRef(onHold)
  useEffect(() => {
    unsavedRef.current = unsaved
    holdRef.current = onHold
  })
  const [answer, setAnswer] = useState<((choice: LeaveChoice) => void) | null>(null)

  const shouldBlockFn = useCallback(async () => {
    if (!unsavedRef.current) return false
    const choice = await new Promise<LeaveChoice>((resolve) => setAnswer(() => resolve))
    setAnswer(null)
    if (choice === 'hold') holdRef.current()
    return choice === 'stay'
  }, [])
  const enableBeforeUnload = useCallback(() => unsavedRef.current, [])
  useBlocker({ shouldBlockFn, enableBeforeUnload })
  return { asking: answer !== null, answer: (choice: LeaveChoice) => answer?.(choice) }
}

export const LeaveDialog = (props: { open: boolean; onAnswer: (choice: LeaveChoice) => void }) => {
  const { t } = useListT()
  return (
    <Dialog open={props.open} onClose={() => props.onAnswer('stay')} data-testid="pos-leave-dialog">
      <DialogContent>
        <Typography>{t('pos.sell.leaveQuestion')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button autoFocus variant="contained" onClick={() => props.onAnswer('stay')} data-testid="pos-leave-stay">
          {t('pos.sell.stay')}
        </Button>
        <Button color="error" onClick={() => props.onAnswer('discard')} data-testid="pos-leave-discard">
          {t('pos.sell.discard')}
        </Button>
        <Button onClick={() => props.onAnswer('hold')} data-testid="pos-leave-hold">
          {t('pos.sell.onHold')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
