import { useState, useSyncExternalStore } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { servicePaths } from '@emporia/shared'
import { useSession } from '../../../lib/auth'
import { errorMessage } from '../../../lib/errors'
import { useListT } from '../../../lib/i18n/lists'
import { notifySuccess } from '../../../lib/notify'
import { shopApi } from '../../../lib/resource-client'
import { useCurrentShop } from '../../../lib/shop'
import {
  answerApproval,
  approvalChoices,
  canSubmitApproval,
  currentApproval,
  pinInput,
  subscribeApproval,
  type ApprovalRequest
} from './manager-approval'

/**
 * The till's "Manager approval" dialog (decision 0135): shown while the till asks (`askManager`); the
 * manager picks their name and types their PIN on this device; the server's answer (an approval, or a
 * translated refusal) decides. Mounted once by the till.
 */
export const ManagerApprovalHost = () => {
  const pending = useSyncExternalStore(subscribeApproval, currentApproval)
  // A new request starts a fresh form.
  return pending ? <ManagerApprovalDialog key={pending.id} request={pending.request} /> : null
}

const ManagerApprovalDialog = ({ request }: { request: ApprovalRequest }) => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const me = useSession().user?._id
  const choices = approvalChoices(request.action, shop?.users, me)
  // Switching who serves (decision 0135) asks a colleague, not a manager: its own words.
  const serve = request.action === 'serve'
  const [manager, setManager] = useState<string | null>(choices.length === 1 ? choices[0]._id : null)
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    if (!canSubmitApproval(manager, pin) || busy) return
    setBusy(true)
    setError(null)
    try {
      const approval = await shopApi(servicePaths.posApprovals).create({ ...request, manager: manager!, pin })
      notifySuccess(t(serve ? 'posApproval.serving' : 'posApproval.approved', { name: approval.managerName }))
      answerApproval(approval)
    } catch (refusal) {
      setPin('')
      setError(errorMessage(refusal))
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={() => answerApproval(null)} fullWidth maxWidth="xs" data-testid="pos-approval-dialog">
      <DialogTitle>{t(serve ? 'posApproval.serveTitle' : 'posApproval.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t(`posApproval.${request.action}`)}</Typography>
          {choices.length === 0 ? (
            <Alert severity="warning">{t(serve ? 'posApproval.noColleagues' : 'posApproval.noManagers')}</Alert>
          ) : (
            <>
              <Typography variant="subtitle2">{t(serve ? 'posApproval.colleague' : 'posApproval.manager')}</Typography>
              <List dense disablePadding data-testid="pos-approval-managers" sx={{ maxHeight: 220, overflow: 'auto' }}>
                {choices.map((choice) => (
                  <ListItemButton
                    key={choice._id}
                    selected={manager === choice._id}
                    onClick={() => setManager(choice._id)}
                    data-testid={`pos-approval-manager-${choice._id}`}
                  >
                    <ListItemText primary={choice.name} />
                  </ListItemButton>
                ))}
              </List>
              <TextField
                autoFocus
                label={t(serve ? 'posApproval.servePin' : 'posApproval.pin')}
                helperText={t(serve ? 'posApproval.servePinHint' : 'posApproval.pinHint')}
                type="password"
                value={pin}
                onChange={(event) => setPin(pinInput(event.target.value))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    void submit()
                  }
                }}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    pattern: '[0-9]*',
                    autoComplete: 'off',
                    maxLength: 8,
                    'data-testid': 'pos-approval-pin'
                  }
                }}
              />
            </>
          )}
          {error && (
            <Alert severity="error" data-testid="pos-approval-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answerApproval(null)}>{t('editor.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!canSubmitApproval(manager, pin) || busy}
          onClick={() => void submit()}
          data-testid="pos-approval-submit"
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {t(serve ? 'posApproval.switch' : 'posApproval.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
