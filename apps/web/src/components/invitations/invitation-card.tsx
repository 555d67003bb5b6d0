import { useState } from 'react'
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { AppLink } from '../ui/app-link'
import { ConfirmDialog } from '../editor/confirm-dialog'
import { useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useShops } from '../../lib/shop'
import { acceptInvitation, declineInvitation, type Invitation } from '../../lib/invitations'
import { invitationRole, linkableShops } from './invitation-view'

/** One pending invitation: who invites, as what, since when; accept (naming the sub-shop if asked) or decline. */
export const InvitationCard = ({ invitation }: { invitation: Invitation }) => {
  const { t, language, tAny } = useListT()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const shops = useShops(Boolean(user)).data ?? []
  const [busy, setBusy] = useState(false)
  const [declining, setDeclining] = useState(false)
  const [choosing, setChoosing] = useState(false)
  const [subShop, setSubShop] = useState('')
  const shop = resolveText(invitation.shopName, language, tAny)
  const role = invitationRole(invitation.role)
  const linkable = user ? linkableShops(shops, user._id, invitation.shop) : []
  const testId = `invitation-${invitation._id}`

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      notifySuccess(done)
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  const accept = (linked?: string) =>
    run(() => acceptInvitation(queryClient, user!._id, invitation, linked), t('invitations.accepted', { shop }))
  const decline = async () => {
    await run(() => declineInvitation(queryClient, user!._id, invitation), t('invitations.declined'))
    setDeclining(false)
  }
  // A sub-shop invitation names which of the user's own shops it links (decision 0087), so it asks first.
  const onAccept = () => (role === 'subshop' ? setChoosing(true) : void accept())

  return (
    <Card variant="outlined" data-testid={testId} data-shop={invitation.shop}>
      <CardContent>
        <Typography variant="subtitle1" data-testid={`${testId}-text`}>
          {role === 'subshop'
            ? t('invitations.subShopInvite', { shop })
            : t('invitations.invitedAs', { shop, role: t(`invitations.role.${role}`) })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('invitations.sentOn', { date: formatDate(invitation.createdAt, language) })}
        </Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={busy} onClick={onAccept} data-testid={`${testId}-accept`}>
          {t('invitations.accept')}
        </Button>
        <Button color="error" disabled={busy} onClick={() => setDeclining(true)} data-testid={`${testId}-decline`}>
          {t('invitations.decline')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={declining}
        title={t('invitations.declineTitle')}
        text={t('invitations.declineText', { shop })}
        busy={busy}
        confirmText={t('invitations.decline')}
        cancelText={t('invitations.cancel')}
        onConfirm={() => void decline()}
        onClose={() => setDeclining(false)}
        testId="invitation-decline-dialog"
      />
      <Dialog open={choosing} onClose={() => setChoosing(false)} maxWidth="xs" fullWidth data-testid="invitation-subshop-dialog">
        <DialogTitle>{t('invitations.subShopTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {linkable.length ? t('invitations.subShopText', { shop }) : t('invitations.noOwnShop')}
          </Typography>
          {linkable.length > 0 && (
            <TextField
              select
              fullWidth
              label={t('invitations.subShopField')}
              value={subShop}
              onChange={(event) => setSubShop(event.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invitation-subshop' } as object } }}
            >
              {linkable.map((own) => (
                <MenuItem key={own._id} value={own._id} data-testid={`invitation-subshop-${own._id}`}>
                  {resolveText(own.name, language, tAny)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoosing(false)}>{t('invitations.cancel')}</Button>
          {linkable.length ? (
            <Button
              variant="contained"
              disabled={busy || !subShop}
              onClick={() => void accept(subShop).then(() => setChoosing(false))}
              data-testid="invitation-subshop-accept"
            >
              {t('invitations.accept')}
            </Button>
          ) : (
            <Button variant="contained" component={AppLink} href="/eshop">
              {t('invitations.createShop')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Card>
  )
}
