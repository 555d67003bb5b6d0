import { Alert, Button, Stack, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { useT } from '../../lib/i18n/i18n'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'
import { InvitationsPanel } from '../../components/invitations/invitations-panel'
import { DashboardPanels } from './dashboard-panels'
import { IntroSteps } from './intro-steps'

/** Home (spec §2.7): verify prompt, intro steps and the five panels. */
export const DashboardPage = () => {
  const { t, language, tAny } = useT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return (
    <Stack spacing={2} data-testid="dashboard">
      {user && !user.verified && (
        <Alert
          severity="warning"
          data-testid="verify-prompt"
          action={
            <Button color="inherit" size="small" component={AppLink} href="/register/verify">
              {t('auth.verify')}
            </Button>
          }
        >
          {t('auth.pleaseVerify')}
        </Alert>
      )}
      {shop && (
        <Typography variant="h5" data-testid="dashboard-welcome">
          {t('dashboard.welcome', { shop: resolveText(shop.name, language, tAny) })}
        </Typography>
      )}
      <InvitationsPanel />
      <IntroSteps />
      <DashboardPanels />
    </Stack>
  )
}
