import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material'
import MailOutline from '@mui/icons-material/MailOutlineOutlined'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { InvitationCard } from '../../components/invitations/invitation-card'
import { useInvitations } from '../../lib/invitations'

/**
 * /invitations (decision 0134): every pending invitation of the signed-in user, outside any
 * shop, so an account with no shop yet reaches it too. The invitation mail links here; signed out,
 * the router sends the invitee to sign in and back.
 */
export const InvitationsPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const invitations = useInvitations(user)

  const body = () => {
    if (user && !user.verified)
      return (
        <Alert
          severity="warning"
          data-testid="invitations-verify"
          action={
            <Button color="inherit" size="small" component={AppLink} href="/register/verify?redirect=/invitations">
              {t('invitations.verify')}
            </Button>
          }
        >
          {t('invitations.verifyFirst')}
        </Alert>
      )
    if (invitations.isPending)
      return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" data-testid="invitations-loading">
          <CircularProgress size={20} />
          <Typography>{t('invitations.loading')}</Typography>
        </Stack>
      )
    if (invitations.isError)
      return (
        <Alert
          severity="error"
          data-testid="invitations-error"
          action={
            <Button color="inherit" size="small" onClick={() => void invitations.refetch()}>
              {t('invitations.retry')}
            </Button>
          }
        >
          {t('invitations.loadFailed')} {errorMessage(invitations.error)}
        </Alert>
      )
    if (!invitations.data.length)
      return <EmptyState icon={<MailOutline />} text={t('invitations.empty')} testId="invitations-empty" />
    return invitations.data.map((invitation) => <InvitationCard key={invitation._id} invitation={invitation} />)
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }} data-testid="invitations-page">
      <Typography variant="h5">{t('invitations.title')}</Typography>
      <Typography color="text.secondary">{t('invitations.intro')}</Typography>
      {body()}
    </Stack>
  )
}
