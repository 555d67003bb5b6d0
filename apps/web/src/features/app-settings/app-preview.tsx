import { Box, Stack, Typography } from '@mui/material'
import { APP_DEFAULT_BACKGROUND, APP_DEFAULT_THEME } from '@emporia/shared'
import type { Values } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'

const colourOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback

/** A phone's outline around a small screen. */
const Phone = ({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) => (
  <Stack spacing={1} sx={{ alignItems: 'center' }}>
    <Box
      data-testid={testId}
      sx={{
        width: 150,
        height: 300,
        borderRadius: 5,
        border: 6,
        borderColor: 'grey.900',
        overflow: 'hidden',
        bgcolor: 'grey.100'
      }}
    >
      {children}
    </Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
  </Stack>
)

/**
 * The installed app as a customer sees it (decision 0202): its icon and short name on a home screen,
 * and its splash screen in its colours, drawn from the values as the merchant types them.
 */
export const AppPreview = ({ values }: { values: Values }) => {
  const { t } = useListT()
  const name = typeof values.appName === 'string' ? values.appName : ''
  const shortName = (typeof values.appShortName === 'string' && values.appShortName) || name.slice(0, 12)
  const icon = typeof values.appIcon === 'string' && values.appIcon ? `/api/thumbs/${values.appIcon}` : undefined
  const theme = colourOr(values.appThemeColor, APP_DEFAULT_THEME)
  const background = colourOr(values.appBackgroundColor, APP_DEFAULT_BACKGROUND)
  const picture = (size: number) =>
    icon ? (
      <Box component="img" src={icon} alt="" sx={{ width: size, height: size, borderRadius: 2, objectFit: 'contain' }} />
    ) : (
      <Box sx={{ width: size, height: size, borderRadius: 2, bgcolor: 'grey.400' }} />
    )
  return (
    <Box data-testid="app-preview" aria-label={t('appSettings.preview')} sx={{ flexShrink: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('appSettings.preview')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <Phone label={t('appSettings.previewHome')} testId="app-preview-home">
          <Stack spacing={0.5} sx={{ alignItems: 'center', pt: 4 }}>
            {picture(48)}
            <Typography variant="caption" data-testid="app-preview-short-name" noWrap sx={{ maxWidth: 70 }}>
              {shortName}
            </Typography>
          </Stack>
        </Phone>
        <Phone label={t('appSettings.previewSplash')} testId="app-preview-splash">
          <Box sx={{ height: 14, bgcolor: theme }} data-testid="app-preview-bar" data-colour={theme} />
          <Stack
            spacing={1}
            data-colour={background}
            data-testid="app-preview-background"
            sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: background, pb: 4 }}
          >
            {picture(64)}
            <Typography variant="body2" data-testid="app-preview-name" sx={{ px: 1, textAlign: 'center' }}>
              {name}
            </Typography>
          </Stack>
        </Phone>
      </Stack>
    </Box>
  )
}
