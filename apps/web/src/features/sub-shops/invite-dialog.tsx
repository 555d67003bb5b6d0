import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material'
import { email as emailProblem } from '../../components/ui/validation'
import { errorField, errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useInviteSubShop } from './sub-shops-api'

/** Invites a sub-shop by name and e-mail; the server checks both (shop staff schema) and names the field it refuses. */
export const InviteDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useListT()
  const [values, setValues] = useState({ name: '', email: '' })
  // The address is checked here with the server's own rule and message before anything is sent.
  const [emailError, setEmailError] = useState<string | undefined>()
  const invite = useInviteSubShop()
  const field = invite.error ? errorField(invite.error) : undefined
  const close = () => {
    invite.reset()
    setValues({ name: '', email: '' })
    setEmailError(undefined)
    onClose()
  }
  const send = async () => {
    const problem = emailProblem(values.email)
    setEmailError(problem)
    if (problem) return
    try {
      await invite.mutateAsync({ name: values.name.trim(), email: values.email.trim() })
      notifySuccess(t('subShops.invited'))
      close()
    } catch (error) {
      if (!errorField(error)) notifyError(errorMessage(error))
    }
  }
  const helper = (name: string) => (field === name ? errorMessage(invite.error) : undefined)
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid="sub-shop-invite-dialog">
      <DialogTitle>{t('subShops.inviteTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('subShops.inviteText')}
          </Typography>
          <TextField
            size="small"
            label={t('subShops.name')}
            value={values.name}
            onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
            error={field === 'name'}
            helperText={helper('name')}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'sub-shop-invite-name' } }}
          />
          <TextField
            size="small"
            type="email"
            required
            label={t('subShops.email')}
            value={values.email}
            onChange={(event) => {
              setEmailError(undefined)
              setValues((v) => ({ ...v, email: event.target.value }))
            }}
            error={Boolean(emailError) || field === 'email'}
            helperText={emailError ?? helper('email')}
            slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'sub-shop-invite-email' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('subShops.cancel')}</Button>
        <Button
          variant="contained"
          disabled={invite.isPending || !values.email.trim()}
          onClick={() => void send()}
          data-testid="sub-shop-invite-send"
        >
          {t('subShops.send')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
