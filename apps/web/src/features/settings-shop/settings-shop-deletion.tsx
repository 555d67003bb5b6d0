import { useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { SHOP_DELETION_GRACE_DAYS, type LocaleId, type Shop } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { notifyError, notifySuccess } from '../../lib/notify'
import { shopsKey } from '../../lib/shop'
import { cancelShopDeletion, requestShopDeletion } from './settings-shop-api'
import { canConfirmDeletion, deletionDate } from './settings-shop-deletion-rules'

/**
 * settings/shop's danger zone (decision 0211): "Delete this shop" asks for the shop's name typed again;
 * the shop closes at once and its data goes after the grace period, unless an admin cancels here first.
 */
export const SettingsShopDeletion = ({ shop }: { shop: Shop }) => {
  const { t, language, tAny } = useListT()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const name = resolveText(shop.name, language as LocaleId, tAny)
  const due = deletionDate(shop)

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      await queryClient.invalidateQueries({ queryKey: shopsKey })
      notifySuccess(done)
      setOpen(false)
      setTyped('')
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper variant="outlined" data-testid="shop-danger-zone" sx={{ p: 3, maxWidth: 960, borderColor: 'error.main' }}>
      <Typography variant="h6" component="h2" color="error" sx={{ mb: 1 }}>
        {t('shopSettings.danger')}
      </Typography>
      {due ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" data-testid="shop-deletion-scheduled">
            {t('shopSettings.deletionScheduled', { date: formatDate(due, language as LocaleId) })}
          </Alert>
          <Button
            variant="contained"
            disabled={busy}
            data-testid="shop-deletion-cancel"
            onClick={() => void run(cancelShopDeletion, t('shopSettings.deletionCancelled'))}
          >
            {t('shopSettings.cancelDeletion')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            {t('shopSettings.deleteHelp', { days: SHOP_DELETION_GRACE_DAYS })}
          </Typography>
          <Button color="error" variant="outlined" data-testid="shop-delete" onClick={() => setOpen(true)}>
            {t('shopSettings.deleteShop')}
          </Button>
        </Stack>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth data-testid="shop-delete-dialog">
        <DialogTitle>{t('shopSettings.deleteShop')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('shopSettings.deleteConfirmText', { name, days: SHOP_DELETION_GRACE_DAYS })}
          </Typography>
          <TextField
            fullWidth
            autoFocus
            label={t('shopSettings.deleteTypeName')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'shop-delete-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} data-testid="shop-delete-back">
            {t('editor.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy || !canConfirmDeletion(shop, typed)}
            data-testid="shop-delete-confirm"
            onClick={() => void run(() => requestShopDeletion(typed), t('shopSettings.deletionRequested'))}
          >
            {t('shopSettings.deleteShop')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  )
}
