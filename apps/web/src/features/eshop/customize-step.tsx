import { useState } from 'react'
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import type { LocaleId, ShopTemplate, ThemeColorKey, ThemeColors } from '@emporia/shared'
import { ColourInput } from '../../components/fields/colour-field'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { useListT } from '../../lib/i18n/lists'
import { TemplatePreview } from './template-preview'

/** The colours a merchant sets here; the others follow the scheme (all 14 of §3.1 stay editable in the theme editor). */
const EDITED: ThemeColorKey[] = ['theme', 'primary', 'secondary', 'accent', 'background', 'text']

interface CustomizeStepProps {
  template: ShopTemplate
  colors: Required<ThemeColors>
  onChange: (colors: Required<ThemeColors>) => void
  /** Server messages on colours (`colors.accent`), by colour key. */
  errors: Partial<Record<ThemeColorKey, string>>
  language: LocaleId
}

const sameColors = (a: ThemeColors, b: ThemeColors) => EDITED.every((key) => a[key]?.toLowerCase() === b[key]?.toLowerCase())

/** Step three (spec §2.9, §3.1): a preset scheme of the template, then each main colour with the colour field (§5.6). */
export const CustomizeStep = ({ template, colors, onChange, errors, language }: CustomizeStepProps) => {
  const { t } = useListT()
  const scheme = template.colorSchemes.find((candidate) => sameColors(candidate.colors, colors))?.id ?? ''
  // The colour fields keep what is typed in them; a chosen scheme starts them afresh.
  const [revision, setRevision] = useState(0)
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3">
          {t('wizard.scheme')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={scheme}
          onChange={(_, id: string | null) => {
            const chosen = template.colorSchemes.find((candidate) => candidate.id === id)
            if (!chosen) return
            setRevision(revision + 1)
            onChange({ ...chosen.colors })
          }}
          aria-label={t('wizard.scheme')}
          sx={{ flexWrap: 'wrap' }}
          data-testid="wizard-schemes"
        >
          {template.colorSchemes.map((candidate) => (
            <ToggleButton key={candidate.id} value={candidate.id} data-testid={`wizard-scheme-${candidate.id}`} sx={{ gap: 1 }}>
              <Stack direction="row" aria-hidden>
                {(['theme', 'primary', 'secondary', 'accent'] as const).map((key) => (
                  <Box
                    key={key}
                    sx={{ width: 14, height: 14, bgcolor: candidate.colors[key], border: 1, borderColor: 'divider' }}
                  />
                ))}
              </Stack>
              {candidate.name[language]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="subtitle1" component="h3">
          {t('wizard.ownColours')}
        </Typography>
        {EDITED.map((key) => (
          <ColourInput
            key={`${key}-${revision}`}
            field={{ name: key, label: `wizard.colour.${key}` as AnyMessageKey, type: 'colour' }}
            value={colors[key]}
            onChange={(value) => typeof value === 'string' && onChange({ ...colors, [key]: value })}
            error={errors[key]}
            values={colors}
            setValue={() => undefined}
            testId={`wizard-colour-${key}`}
          />
        ))}
      </Stack>
      <Box sx={{ position: { md: 'sticky' }, top: 16, alignSelf: 'start' }}>
        <TemplatePreview template={template} colors={colors} language={language} testId="wizard-preview" />
      </Box>
    </Box>
  )
}
