import { Button, Stack } from '@mui/material'
import { AppLink } from '../ui/app-link'
import { useSession } from '../../lib/auth'
import { useListT } from '../../lib/i18n/lists'
import { InvitationCard } from './invitation-card'
import { useInvitations } from '../../lib/invitations'

/** How many invitations the dashboard shows before "All invitations". */
const SHOWN = 3

/** The dashboard's pending invitations: nothing at all when there are none (or while they load). */
export const InvitationsPanel = () => {
  const { t } = useListT()
  const { user } = useSession()
  const pending = useInvitations(user).data ?? []
  if (!pending.length) return null
  return (
    <Stack spacing={1} data-testid="dashboard-invitations">
      {pending.slice(0, SHOWN).map((invitation) => (
        <InvitationCard key={invitation._id} invitation={invitation} />
      ))}
      {pending.length > SHOWN && (
        <Button component={AppLink} href="/invitations" sx={{ alignSelf: 'flex-start' }} data-testid="dashboard-invitations-all">
          {t('invitations.seeAll')}
        </Button>
      )}
    </Stack>
  )
}
