import { useState } from 'react'
import { Box, Slider, Stack, TextField, Typography } from '@mui/material'
import { applyHexInput, parseColour, toHex, withAlpha } from '../../lib/colour'
import { useListT } from '../../lib/i18n/lists'
import { ColourPresets } from './colour-presets'
import type { FieldProps } from './field-types'

/**
 * Colour (spec §5.6, §9.5): the 15 presets, hex applied only when valid, alpha 0–1 in 0.01 steps,
 * #rrggbb or rgba(). A preset keeps the colour's alpha.
 */
export const ColourInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const stored = typeof value === 'string' ? value : ''
  const colour = parseColour(stored)
  const [hex, setHex] = useState(colour ? toHex(colour) : '')
  return (
    <Stack spacing={1} data-testid={testId} data-value={stored}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack sx={{ alignItems: 'center' }} direction="row" spacing={2}>
        <Box
          sx={{ width: 40, height: 40, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: stored || 'transparent' }}
          data-testid={`${testId}-swatch`}
        />
        <input
          type="color"
          aria-label={t(field.label)}
          value={colour ? toHex(colour) : '#000000'}
          onChange={(event) => {
            setHex(event.target.value)
            onChange(applyHexInput(stored, event.target.value))
          }}
        />
        <TextField
          size="small"
          label={t('field.hex')}
          value={hex}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => {
            setHex(event.target.value)
            const next = applyHexInput(stored, event.target.value)
            if (next) onChange(next)
          }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-hex` } }}
        />
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <Typography variant="caption">{t('field.alpha')}</Typography>
          <Slider
            size="small"
            min={0}
            max={1}
            step={0.01}
            value={colour?.a ?? 1}
            onChange={(_, alpha) => onChange(withAlpha(stored, alpha as number))}
            slotProps={{ input: { ...{ 'data-testid': `${testId}-alpha` } } }}
          />
        </Box>
      </Stack>
      <ColourPresets
        value={colour ? toHex(colour) : undefined}
        onPick={(preset) => {
          setHex(preset)
          const next = applyHexInput(stored, preset)
          if (next) onChange(next)
        }}
        testId={`${testId}-presets`}
      />
    </Stack>
  )
}
