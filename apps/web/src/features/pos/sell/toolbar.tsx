import { useEffect } from 'react'
import { Box, Button, Chip, Tooltip } from '@mui/material'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'

/*
 * The till's buttons (spec §2.13; decision 0098), each with its function key shown on it, so a cash sale
 * needs no mouse: F2 new order, F4 hold, F6 held orders, F8 clear, F9 pay; F-keys the browser keeps for
 * itself (F1 help, F3 find, F5 reload, F11, F12) are left alone.
 */

export interface TillAction {
  id: string
  label: AnyMessageKey
  onClick: () => void
  keyName?: 'F2' | 'F4' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10'
  disabled?: boolean
  badge?: number
  primary?: boolean
}

export const TillToolbar = (props: { actions: TillAction[]; extra?: React.ReactNode }) => {
  const { t } = useListT()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = props.actions.find((a) => a.keyName === event.key)
      if (!action || action.disabled) return
      event.preventDefault()
      action.onClick()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [props.actions])

  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', p: 0.5 }}>
      {props.actions.map((action) => (
        <Tooltip key={action.id} title={action.keyName ?? ''}>
          <span>
            <Button
              size="small"
              variant={action.primary ? 'contained' : 'outlined'}
              disabled={action.disabled}
              onClick={action.onClick}
              data-testid={`pos-${action.id}`}
              // The count sits in the button, so its text (and a screen reader) says it.
              endIcon={action.badge ? <Chip size="small" color="secondary" label={action.badge} /> : undefined}
            >
              {t(action.label)}
              {action.keyName ? ` (${action.keyName})` : ''}
            </Button>
          </span>
        </Tooltip>
      ))}
      {props.extra}
    </Box>
  )
}
