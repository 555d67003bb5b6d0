import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Box, InputBase, Typography } from '@mui/material'
import { dimensionEntry, sizeEntry, sizeLabel, stepDimension } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'

/** Which part of the box a dimension picker edits (spec §2.10 focus report). */
export interface DimensionFocus {
  type: 'element' | 'padding' | 'border' | 'margin'
  pos: 'left' | 'right' | 'top' | 'bottom' | 'width' | 'height'
}

interface DimensionPickerProps {
  label: string
  value: string | null | undefined
  /** `null` clears the value. */
  onChange: (value: string | null) => void
  /** The size picker's rules (§5.6): `auto`, at least 1, px shown without the unit. */
  size?: boolean
  focus?: DimensionFocus
  onFocusReport?: (focus: DimensionFocus | undefined) => void
  testId: string
}

// Travel (px) before a press is a drag rather than a click to type; past it, one step per pixel of travel
// from where the press began (clientX, not movementX: the deltas of coalesced or synthetic moves can be 0).
const DRAG_THRESHOLD = 3

/**
 * The dimension picker (spec §2.10, §5.6): drag sideways to change the value, click to type, arrow
 * Up/Down to step by 1, never below 0 (1 and `auto` for the size picker), px by default; while hovered
 * or edited it reports which part of the box it edits.
 */
export const DimensionPicker = ({ label, value, onChange, size, focus, onFocusReport, testId }: DimensionPickerProps) => {
  const [typing, setTyping] = useState<string | undefined>()
  const drag = useRef<{ x: number; start: string | null | undefined; moved: boolean } | undefined>(undefined)
  const { t } = useListT()
  const min = size ? 1 : 0
  // `auto` is a word the merchant reads and may type: in their language, stored as `auto`.
  const autoWord = t('pe.size.auto')
  const labelOf = (stored: string) => (size && stored === 'auto' ? autoWord : stored)
  const shown = labelOf(size ? sizeLabel(value) : (value ?? ''))
  const report = (on: boolean) => focus && onFocusReport?.(on ? focus : undefined)

  const commit = (text: string) => {
    const typed = size && text.trim() === autoWord ? 'auto' : text
    const entry = size ? sizeEntry(typed) : dimensionEntry(typed)
    // A non-numeric entry is ignored (§5.6): the previous value stays.
    if (entry !== undefined) onChange(entry)
    setTyping(undefined)
    report(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault()
      const next = stepDimension(
        typing !== undefined ? (sizeEntry(typing === autoWord ? 'auto' : typing) ?? value) : value,
        event.key === 'ArrowUp' ? 1 : -1,
        min
      )
      onChange(next)
      if (typing !== undefined) setTyping(labelOf(size ? sizeLabel(next) : next))
    } else if (event.key === 'Enter' && typing !== undefined) commit(typing)
    else if (event.key === 'Escape') setTyping(undefined)
  }
  const onPointerDown = (event: PointerEvent) => {
    if (typing !== undefined || event.button !== 0) return
    drag.current = { x: event.clientX, start: value, moved: false }
    ;(event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent) => {
    const state = drag.current
    if (!state) return
    const delta = Math.round(event.clientX - state.x)
    if (!state.moved && Math.abs(delta) < DRAG_THRESHOLD) return
    state.moved = true
    onChange(stepDimension(state.start, delta, min))
  }
  const onPointerUp = () => {
    const state = drag.current
    drag.current = undefined
    // A press without travel is a click: type the value.
    if (state && !state.moved) setTyping(shown)
  }
  // A drag the browser takes back (a touch turned scroll, capture lost) ends where it is.
  const onPointerCancel = () => {
    drag.current = undefined
  }

  return (
    <Box
      data-testid={testId}
      data-value={value ?? ''}
      onMouseEnter={() => report(true)}
      onMouseLeave={() => typing === undefined && report(false)}
      sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 64 }}
    >
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {typing !== undefined ? (
        <InputBase
          autoFocus
          size="small"
          value={typing}
          onChange={(event) => setTyping(event.target.value)}
          onBlur={() => commit(typing)}
          onKeyDown={onKeyDown}
          onFocus={() => report(true)}
          inputProps={{ 'data-testid': `${testId}-input`, 'aria-label': label }}
          sx={{ border: 1, borderColor: 'primary.main', borderRadius: 1, px: 0.5, fontSize: 14 }}
        />
      ) : (
        <Box
          role="spinbutton"
          tabIndex={0}
          aria-label={label}
          aria-valuetext={shown}
          data-testid={`${testId}-value`}
          onKeyDown={onKeyDown}
          onFocus={() => report(true)}
          onBlur={() => report(false)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          sx={{
            cursor: 'ew-resize',
            userSelect: 'none',
            // A sideways touch drag changes the value instead of scrolling the panel.
            touchAction: 'none',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 0.5,
            minHeight: 24,
            fontSize: 14,
            '&:focus': { outline: 2, outlineColor: 'primary.main' }
          }}
        >
          {shown || '–'}
        </Box>
      )}
    </Box>
  )
}
