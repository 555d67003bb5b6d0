import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography
} from '@mui/material'
import type { ThemeInstallMode } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'

interface InstallDialogProps {
  open: boolean
  busy: boolean
  /** The server's message (a path already taken: replace is the way on). */
  error?: string
  onCancel: () => void
  onInstall: (mode: ThemeInstallMode) => void
}

/** "Are you sure to use this theme?" with cancel, install and replace (spec §2.9); progress while installing. */
export const InstallDialog = ({ open, busy, error, onCancel, onInstall }: InstallDialogProps) => {
  const { t } = useListT()
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="wizard-confirm-title" data-testid="wizard-confirm">
      <DialogTitle id="wizard-confirm-title">{t('wizard.confirmTitle')}</DialogTitle>
      <DialogContent>
        {busy ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 1 }} role="status" data-testid="wizard-installing">
            <CircularProgress size={24} />
            <Typography>{t('wizard.installing')}</Typography>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography>{t('wizard.confirmBody')}</Typography>
            {error && (
              <Alert severity="warning" data-testid="wizard-install-error">
                {error}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="wizard-cancel">
          {t('basic.cancel')}
        </Button>
        <Button onClick={() => onInstall('install')} disabled={busy} variant="outlined" data-testid="wizard-install">
          {t('wizard.install')}
        </Button>
        <Button onClick={() => onInstall('replace')} disabled={busy} variant="contained" data-testid="wizard-replace">
          {t('wizard.replace')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
