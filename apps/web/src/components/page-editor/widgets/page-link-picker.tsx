import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material'
import { faviconUrl, type PageRef } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { usePageEditorEnv } from '../editor-env'

type Mode = 'page' | 'external'

const modeOf = (value: unknown): Mode => {
  if (typeof value !== 'object' || value === null) return 'external'
  const ref = value as { type?: string; page?: string }
  return ref.type === 'page' || (ref.type === undefined && ref.page !== undefined) ? 'page' : 'external'
}
const urlOf = (value: unknown) => (typeof value === 'string' ? value : ((value as { url?: string } | null)?.url ?? ''))

/**
 * The page/link picker (spec §2.10): "Page" chooses one of the shop's pages (the stored value is the
 * page's component), "External Link" takes a URL and shows that site's favicon.
 */
export const PageLinkPicker = ({
  label,
  value,
  onChange,
  testId
}: {
  label: string
  value: unknown
  onChange: (value: PageRef | null) => void
  testId: string
}) => {
  const { t } = useListT()
  const { pages } = usePageEditorEnv()
  const mode = value === null || value === undefined || value === '' ? 'page' : modeOf(value)
  const page = (value as { page?: string } | null)?.page ?? ''
  const url = urlOf(value)
  const favicon = mode === 'external' ? faviconUrl(url) : undefined
  return (
    <Stack spacing={1} data-testid={testId} data-value={JSON.stringify(value ?? null)}>
      <Box sx={{ typography: 'caption', color: 'text.secondary' }}>{label}</Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_, next: Mode | null) =>
          next && onChange(next === 'page' ? { type: 'page', page: '' } : { type: 'external', url: '' })
        }
      >
        <ToggleButton value="page" data-testid={`${testId}-page`}>
          {t('pe.link.page')}
        </ToggleButton>
        <ToggleButton value="external" data-testid={`${testId}-external`}>
          {t('pe.link.external')}
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'page' ? (
        <TextField
          select
          size="small"
          label={t('pe.link.page')}
          value={pages.some((candidate) => candidate.component === page) ? page : ''}
          onChange={(event) => onChange({ type: 'page', page: event.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${testId}-select` } as object } }}
        >
          {pages.map((candidate) => (
            <MenuItem key={candidate._id} value={candidate.component} data-testid={`${testId}-option-${candidate.path}`}>
              {candidate.name} ({candidate.path})
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {favicon ? <img src={favicon} alt="" width={16} height={16} data-testid={`${testId}-favicon`} /> : null}
          <TextField
            size="small"
            fullWidth
            label={t('pe.link.url')}
            value={url}
            onChange={(event) => onChange({ type: 'external', url: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-url` } }}
          />
        </Stack>
      )}
    </Stack>
  )
}
