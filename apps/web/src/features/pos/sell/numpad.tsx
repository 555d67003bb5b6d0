import type { ReactNode } from 'react'
import { Box, Button } from '@mui/material'
import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined'
import { useListT } from '../../../lib/i18n/lists'
import type { NumpadKey } from './numpad-entry'

/*
 * The counter's numpad (decision 0143): 1–9, 0, 00 and the point in a phone's order, a backspace, and a
 * column of the caller's own keys (the cart's Qty / Price modes and Enter, the pay dialog's clear and add).
 * Its keys never take the focus: a scan or a typed amount keeps going where it went. 48 px keys at least.
 */

const DIGITS: NumpadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', '00']

export const KEY_SX = { minHeight: 48, minWidth: 0, fontSize: '1.25em', py: 0.5 } as const

/** Keeps the focus where it is when a key is pressed with a pointer. */
const keepFocus = (event: React.MouseEvent) => event.preventDefault()

export const Numpad = (props: {
  onKey: (key: NumpadKey) => void
  /** Up to three keys drawn in the fourth column, from the top; the backspace sits under them. */
  side: ReactNode[]
  disabled?: boolean
  testId: string
}) => {
  const { t } = useListT()
  const cell = (key: NumpadKey) => (
    <Button
      key={key}
      variant="outlined"
      color="inherit"
      disabled={props.disabled}
      onMouseDown={keepFocus}
      onClick={() => props.onKey(key)}
      data-testid={`${props.testId}-${key === '.' ? 'point' : key}`}
      sx={KEY_SX}
    >
      {key}
    </Button>
  )
  return (
    <Box
      data-testid={props.testId}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 0.5 }}
      role="group"
      aria-label={t('pos.sell.numpad')}
    >
      {DIGITS.slice(0, 3).map(cell)}
      {props.side[0] ?? <span />}
      {DIGITS.slice(3, 6).map(cell)}
      {props.side[1] ?? <span />}
      {DIGITS.slice(6, 9).map(cell)}
      {props.side[2] ?? <span />}
      {DIGITS.slice(9).map(cell)}
      <Button
        variant="outlined"
        color="inherit"
        disabled={props.disabled}
        onMouseDown={keepFocus}
        onClick={() => props.onKey('back')}
        aria-label={t('pos.sell.numpad.back')}
        data-testid={`${props.testId}-back`}
        sx={KEY_SX}
      >
        <BackspaceOutlinedIcon />
      </Button>
    </Box>
  )
}

/** A key of the numpad's side column in the numpad's look. */
export const SideKey = (props: {
  label: ReactNode
  onClick: () => void
  active?: boolean
  disabled?: boolean
  testId: string
  primary?: boolean
}) => (
  <Button
    variant={props.active || props.primary ? 'contained' : 'outlined'}
    color={props.primary ? 'primary' : props.active ? 'secondary' : 'inherit'}
    disabled={props.disabled}
    onMouseDown={keepFocus}
    onClick={props.onClick}
    aria-pressed={props.active === undefined ? undefined : props.active}
    data-testid={props.testId}
    sx={{ ...KEY_SX, fontSize: '1em' }}
  >
    {props.label}
  </Button>
)
