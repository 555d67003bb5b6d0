import { Badge, Button } from '@mui/material'
import MailOutline from '@mui/icons-material/MailOutlineOutlined'
import { AppLink } from '../ui/app-link'
import { useSession } from '../../lib/auth'
import { useListT } from '../../lib/i18n/lists'
import { useInvitations } from '../../lib/invitations'

/** Beside the shop switcher: the pending invitations' count, leading to /invitations; hidden when none. */
export const InvitationsEntry = () => {
  const { t } = useListT()
  const { user } = useSession()
  const count = useInvitations(user).data?.length ?? 0
  if (!count) return null
  return (
    <Button
      size="small"
      component={AppLink}
      href="/invitations"
      startIcon={
        <Badge badgeContent={count} color="error">
          <MailOutline fontSize="small" />
        </Badge>
      }
      sx={{ justifyContent: 'flex-start' }}
      data-testid="drawer-invitations"
      data-count={count}
    >
      {t('invitations.pending', { count })}
    </Button>
  )
}
