import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Cashier } from '@emporia/shared'
import { ConfirmDialog } from '../../../components/editor/confirm-dialog'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { queryKeys } from '../../../lib/query-keys'
import { useRealtimeSync } from '../../../lib/realtime-sync'
import { useCurrentShopId } from '../../../lib/shop'
import { createCashier, findAll } from './cashier-api'
import { refusalOf, unplaced, type Refusal } from './refusal'

interface SetupProps {
  open: boolean
  onClose: () => void
  deviceId: string | null
  /** Shop admins may add cashiers here (the till's first run). */
  canCreate: boolean
  bind(cashier: Cashier): Promise<void>
  unbind(cashier: Cashier): Promise<void>
}

const NewCashier = () => {
  const { t } = useListT()
  const [id, setId] = useState('')
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const submit = async () => {
    if (busy || !id.trim() || !name.trim()) return
    setBusy(true)
    setRefusal(undefined)
    try {
      await createCashier({ id: id.trim(), name: name.trim() })
      setId('')
      setName('')
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
      sx={{ mt: 2 }}
      data-testid="pos-cashier-new"
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('posStation.newCashier')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('posStation.cashierId')}
          value={id}
          onChange={(event) => setId(event.target.value)}
          error={Boolean(refusal?.fields.id)}
          helperText={refusal?.fields.id ?? t('posStation.cashierIdHint')}
          slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'pos-cashier-new-id' } }}
        />
        <TextField
          size="small"
          label={t('posStation.cashierName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(refusal?.fields.name)}
          helperText={refusal?.fields.name}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'pos-cashier-new-name' } }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !id.trim() || !name.trim()} data-testid="pos-cashier-new-add">
          {t('posStation.add')}
        </Button>
      </Stack>
      {unplaced(refusal, ['id', 'name']) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {unplaced(refusal, ['id', 'name'])}
        </Alert>
      )}
    </Box>
  )
}

/**
 * The cashier-setup dialog (spec §2.13, §4.7): every cashier of the shop with where it is in use; picking
 * one binds it to this device (taking it from another device after a second yes), releasing one unbinds it.
 */
export const CashierSetupDialog = ({ open, onClose, deviceId, canCreate, bind, unbind }: SetupProps) => {
  const { t } = useListT()
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.cashiers, open)
  const query = { $paginate: false, shop }
  const cashiers = useQuery({
    queryKey: queryKeys.find(servicePaths.cashiers, query),
    queryFn: findAll,
    enabled: open && Boolean(shop)
  })
  const [busy, setBusy] = useState<string | null>(null)
  const [takeOver, setTakeOver] = useState<Cashier | null>(null)
  const run = async (cashier: Cashier, work: (cashier: Cashier) => Promise<void>) => {
    setBusy(cashier._id)
    try {
      await work(cashier)
    } catch (error) {
      notifyError(refusalOf(error).message)
    } finally {
      setBusy(null)
    }
  }
  const pick = (cashier: Cashier) => {
    if (cashier.deviceId === deviceId) return void run(cashier, unbind)
    if (cashier.deviceId) return setTakeOver(cashier)
    void run(cashier, bind)
  }
  const status = (cashier: Cashier) =>
    cashier.deviceId === deviceId && deviceId
      ? { text: t('posStation.thisDevice'), color: 'success' as const }
      : cashier.deviceId
        ? { text: t('posStation.otherDevice'), color: 'warning' as const }
        : { text: t('posStation.free'), color: 'default' as const }
  const list = cashiers.data ?? []
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="pos-cashier-setup">
      <DialogTitle>{t('posStation.setupTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('posStation.setupHint')}
        </Typography>
        {cashiers.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }} data-testid="pos-cashier-loading">
            <CircularProgress size={20} />
            <Typography variant="body2">{t('posStation.loading')}</Typography>
          </Stack>
        )}
        {cashiers.isError && <Alert severity="error">{refusalOf(cashiers.error).message}</Alert>}
        {cashiers.isSuccess && list.length === 0 && (
          <Typography sx={{ py: 2 }} data-testid="pos-cashier-empty">
            {t(canCreate ? 'posStation.emptyAdmin' : 'posStation.empty')}
          </Typography>
        )}
        <List dense>
          {list.map((cashier) => {
            const shown = status(cashier)
            const here = cashier.deviceId === deviceId && Boolean(deviceId)
            return (
              <ListItem
                key={cashier._id}
                data-testid={`pos-cashier-${cashier.id}`}
                data-state={here ? 'here' : cashier.deviceId ? 'elsewhere' : 'free'}
                secondaryAction={
                  <Button
                    size="small"
                    variant={here ? 'outlined' : 'contained'}
                    color={here ? 'warning' : 'primary'}
                    disabled={busy !== null || !deviceId}
                    onClick={() => pick(cashier)}
                    data-testid={here ? 'pos-cashier-deselect' : 'pos-cashier-select'}
                  >
                    {t(here ? 'posStation.deselect' : 'posStation.select')}
                  </Button>
                }
              >
                <ListItemText primary={`${cashier.id} ${cashier.name}`} sx={{ flex: '0 1 auto', mr: 1 }} />
                <Chip size="small" label={shown.text} color={shown.color} sx={{ mr: 14 }} />
              </ListItem>
            )
          })}
        </List>
        {canCreate && <NewCashier />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="pos-cashier-setup-close">
          {t('editor.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={takeOver !== null}
        title={t('posStation.takeOverTitle')}
        text={t('posStation.takeOver', { name: takeOver?.name ?? '' })}
        confirmText={t('posStation.takeOverOk')}
        onClose={() => setTakeOver(null)}
        onConfirm={() => {
          const cashier = takeOver
          setTakeOver(null)
          if (cashier) void run(cashier, bind)
        }}
        testId="pos-cashier-takeover"
      />
    </Dialog>
  )
}
