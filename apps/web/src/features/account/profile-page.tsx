import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { displayName, formatDate } from '../../lib/format'
import { useT } from '../../lib/i18n/i18n'
import { StaffPinSection } from './staff-pin-section'
import { TwoStepSection } from './two-step-section'
import { SessionsSection } from './sessions-section'

/** Profile (spec §2.8): who is signed in, and the two changes one can make. */
export const ProfilePage = () => {
  const { t, language } = useT()
  const { user } = useSession()
  if (!user) return null
  return (
    <>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h5" data-testid="profile-name">
            {displayName(user)}
          </Typography>
          <Typography color="text.secondary" data-testid="profile-email">
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {formatDate(user.createdAt, language)}
          </Typography>
          {!user.verified && (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <Button color="inherit" size="small" component={AppLink} href="/register/verify">
                  {t('auth.verify')}
                </Button>
              }
            >
              {t('auth.pleaseVerify')}
            </Alert>
          )}
        </CardContent>
        <CardActions>
          <Stack direction="row" spacing={1}>
            <Button component={AppLink} href="/profile/changeInfo" data-testid="profile-change-info">
              {t('route.profile/changeInfo')}
            </Button>
            <Button component={AppLink} href="/profile/changePassword" data-testid="profile-change-password">
              {t('route.profile/changePassword')}
            </Button>
          </Stack>
        </CardActions>
      </Card>
      <StaffPinSection />
      <TwoStepSection />
      <SessionsSection />
    </>
  )
}
