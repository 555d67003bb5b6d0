import { Card, CardActionArea, CardContent, Chip, Grid, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n/i18n'
import { screens } from '../screens'

/** The settings screens in registry order, the built ones before those still planned. */
const settingsScreens = [...screens.filter((screen) => screen.route.startsWith('settings/'))].sort(
  (a, b) => Number(a.kind === 'planned') - Number(b.kind === 'planned')
)

/**
 * The settings index (spec §2.2 `settings`): one card per settings screen, so every built one can be
 * found from the drawer's Settings entry; the planned ones show as coming soon. The registry decides
 * which exist (decision 0075), so a new settings screen appears here by itself.
 */
export const SettingsPage = () => {
  const { t, tAny } = useT()
  return (
    <Grid container spacing={2} data-testid="settings-index" sx={{ maxWidth: 1100 }}>
      {settingsScreens.map((screen) => {
        const title = tAny(`route.${screen.route}`)
        const planned = screen.kind === 'planned'
        const body = (
          <CardContent sx={{ minHeight: 72, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {planned && <Chip size="small" label={t('placeholder.title')} />}
          </CardContent>
        )
        return (
          <Grid key={screen.route} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" data-settings-route={screen.route} sx={planned ? { opacity: 0.6 } : undefined}>
              {planned ? (
                body
              ) : (
                <CardActionArea component={AppLink} href={`/${screen.route}`}>
                  {body}
                </CardActionArea>
              )}
            </Card>
          </Grid>
        )
      })}
    </Grid>
  )
}
