import { Fragment } from 'react'
import { Alert, Button, Link, Stack, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'
import { InvitationsPanel } from '../../components/invitations/invitations-panel'
import { DashboardPanels } from './dashboard-panels'
import { IntroSteps } from './intro-steps'

// The e-mail is a link inside the translated sentence, wherever each language puts it.
const EMAIL_MARK = '\u0000email\u0000'

/** Home (spec §2.7): verify prompt, intro steps and the five panels. */
export const DashboardPage = () => {
  const { t, language, tAny } = useListT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const { supportEmail } = useFeatures()
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
      {/* Spec §1: the welcome text invites merchants to contact customer service (the server's SUPPORT_EMAIL). */}
      {shop && supportEmail && (
        <Typography color="text.secondary" data-testid="dashboard-support">
          {t('dashboard.support', { email: EMAIL_MARK })
            .split(EMAIL_MARK)
            .map((part, i) => (
              <Fragment key={i}>
                {i > 0 && (
                  <Link href={`mailto:${supportEmail}`} data-testid="dashboard-support-email">
                    {supportEmail}
                  </Link>
                )}
                {part}
              </Fragment>
            ))}
        </Typography>
      )}
      <InvitationsPanel />
      <IntroSteps />
      <DashboardPanels />
    </Stack>
  )
}
