import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'

interface ConfirmDialogProps {
  open: boolean
  title?: string
  text: string
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
  testId?: string
  /** The two answers' texts (default Cancel / Confirm). */
  cancelText?: string
  confirmText?: string
}

/** Delete and batch-delete confirmation (spec §2.12), the unsaved-changes question (§2.10): a second yes. */
export const ConfirmDialog = ({
  open,
  title,
  text,
  busy,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  cancelText,
  confirmText
}: ConfirmDialogProps) => {
  const { t } = useListT()
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid={testId}>
      {title && <DialogTitle>{title}</DialogTitle>}
      <DialogContent>
        <Typography data-testid="confirm-text">{text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="confirm-cancel">
          {cancelText ?? t('editor.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm} data-testid="confirm-ok">
          {confirmText ?? t('editor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
