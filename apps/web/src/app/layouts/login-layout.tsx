import { Box, Paper, Typography } from '@mui/material'
import { Outlet, useMatches } from '@tanstack/react-router'
import { useT } from '../../lib/i18n/i18n'
import { LanguageButtons } from './language-buttons'

/** Split screen (spec §2.3): a gradient panel with the logo and name, the form beside it. */
export const LoginLayout = () => {
  const { t } = useT()
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box
        data-testid="login-panel"
        sx={{
          flex: { md: '0 0 42%' },
          background: 'linear-gradient(135deg, #283593 0%, #3949ab 45%, #00897b 100%)',
          color: '#fff',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: { xs: 'center', md: 'flex-start' },
          p: { xs: 3, md: 8 },
          gap: 2
        }}
      >
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: { xs: 48, md: 72 }, height: { xs: 48, md: 72 } }} />
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, fontSize: { xs: 32, md: 48 } }}>
          {t('app.name')}
        </Typography>
        <Typography sx={{ opacity: 0.9, display: { xs: 'none', md: 'block' }, maxWidth: 360 }}>{t('app.tagline')}</Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }}>
        <Paper component="main" data-route={routeName} variant="outlined" sx={{ width: '100%', maxWidth: 420, p: 4 }}>
          <Outlet />
          <LanguageButtons />
        </Paper>
      </Box>
    </Box>
  )
}
