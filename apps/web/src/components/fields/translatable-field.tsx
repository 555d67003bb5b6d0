import { useState } from 'react'
import { Box, FormHelperText, Tab, Tabs, TextField } from '@mui/material'
import { locales, type LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import type { FieldProps } from './field-types'

type ByLocale = Partial<Record<LocaleId, string>>

/** A plain string is the current language's text (spec §3.5); the field edits the per-language object. */
export const toByLocale = (value: unknown, language: LocaleId): ByLocale => {
  if (typeof value === 'string') return value ? { [language]: value } : {}
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as ByLocale
  return {}
}

/** Translatable text (spec §3.5): one tab per language, en / cht / chs. */
export const TranslatableInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t, language } = useListT()
  const [tab, setTab] = useState<LocaleId>(language as LocaleId)
  const byLocale = toByLocale(value, language as LocaleId)
  return (
    <Box data-testid={testId}>
      <Tabs
        value={tab}
        onChange={(_, next: LocaleId) => setTab(next)}
        sx={{ minHeight: 32, '& .MuiTab-root': { minHeight: 32, py: 0 } }}
      >
        {locales.map((locale) => (
          <Tab
            key={locale.id}
            value={locale.id}
            label={t(`lang.${locale.id}` as never)}
            data-testid={`${testId}-tab-${locale.id}`}
          />
        ))}
      </Tabs>
      <TextField
        fullWidth
        label={t(field.label)}
        required={field.required}
        multiline={field.type === 'translatable' && field.multiline}
        minRows={field.type === 'translatable' && field.multiline ? 3 : undefined}
        value={byLocale[tab] ?? ''}
        error={Boolean(error)}
        onChange={(event) => onChange({ ...byLocale, [tab]: event.target.value })}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-${tab}`, lang: tab } }}
        sx={{ mt: 1 }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  )
}
