import { Box, ButtonBase, Tooltip } from '@mui/material'
import { colorPresets } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'

/**
 * The colour picker's 15 preset colours (spec §9.5), one button each: the colour field of the page and
 * theme editors and the rich-text palette offer the same ones (`colorPresets`, packages/shared).
 */
export const ColourPresets = ({ value, onPick, testId }: { value?: string; onPick: (hex: string) => void; testId: string }) => {
  const { t } = useListT()
  const current = value?.toLowerCase()
  return (
    <Box
      role="group"
      aria-label={t('field.presets')}
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 28px)', gap: 0.75 }}
    >
      {colorPresets.map((colour) => (
        <Tooltip key={colour} title={colour}>
          <ButtonBase
            aria-label={t('field.presetColour', { colour })}
            aria-pressed={current === colour}
            data-testid={`${testId}-${colour.slice(1)}`}
            // Keeps the rich-text editor's selection while a colour is picked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(colour)}
            sx={{
              width: 28,
              height: 28,
              borderRadius: 1,
              bgcolor: colour,
              border: 1,
              borderColor: 'divider',
              outline: current === colour ? 2 : 0,
              outlineColor: 'primary.main',
              outlineOffset: 1,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.dark', outlineOffset: 2 }
            }}
          />
        </Tooltip>
      ))}
    </Box>
  )
}
