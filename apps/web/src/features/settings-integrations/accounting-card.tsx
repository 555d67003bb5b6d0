import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import { servicePaths, type AccountingSettingsData, type AccountingStatus } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { useSubmit } from '../../components/ui/form'
import { formatDateTime } from '../../lib/format/date'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import {
  accountingOptions,
  chooseAccounting,
  connectAccounting,
  disconnectAccounting,
  loadAccounting,
  syncAccounting
} from './settings-integrations-api'

/** The accounting integration's card: its state, what it does, its choices and the last records sent. */
export const AccountingCard = ({ shop }: { shop: string }) => {
  const { t, language } = useListT()
  const queries = useQueryClient()
  const key = [servicePaths.accountingXero, shop]
  // Sending runs in the background: the card asks again every few seconds while anything waits.
  const loaded = useQuery({
    queryKey: key,
    queryFn: loadAccounting,
    refetchInterval: (query) => (query.state.data?.pending ? 3000 : 15000)
  })
  const [confirming, setConfirming] = useState(false)
  const [choosing, setChoosing] = useState(false)
  const refresh = (status: AccountingStatus) => {
    queries.setQueryData(key, status)
  }
  const connect = useSubmit(async () => {
    window.location.assign(await connectAccounting(shop))
  })
  const sync = useSubmit(async () => refresh(await syncAccounting()))
  const disconnect = useSubmit(async () => {
    refresh(await disconnectAccounting())
    setConfirming(false)
  })
  const status = loaded.data
  if (!status) return null
  const state =
    status.state === 'connected'
      ? t('integrations.state.connected', { name: status.organisation ?? '' })
      : t(`integrations.state.${status.state}` as AnyMessageKey)
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="integration-accounting">
      <Stack spacing={2}>
        <Typography variant="h6">{t('integrations.accounting')}</Typography>
        <Typography data-testid="accounting-state" color={status.state === 'needsReconnect' ? 'error' : undefined}>
          {state}
        </Typography>
        <Typography color="text.secondary">{t('integrations.what')}</Typography>
        {!status.available && <Alert severity="info">{t('integrations.unavailable')}</Alert>}
        {status.state === 'connected' && !status.ready && <Alert severity="warning">{t('integrations.notReady')}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {status.state !== 'connected' && (
            <Button
              variant="contained"
              disabled={!status.available || connect.busy}
              onClick={() => void connect.submit()}
              data-testid="accounting-connect"
            >
              {t(status.state === 'needsReconnect' ? 'integrations.reconnect' : 'integrations.connect')}
            </Button>
          )}
          {status.state === 'connected' && (
            <>
              <Button variant="outlined" onClick={() => setChoosing((open) => !open)} data-testid="accounting-choose">
                {t('integrations.choose')}
              </Button>
              <Button
                variant="outlined"
                disabled={sync.busy || !status.ready}
                onClick={() => void sync.submit()}
                data-testid="accounting-sync"
              >
                {t('integrations.syncNow')}
              </Button>
            </>
          )}
          {status.state !== 'notConnected' && (
            <Button color="error" onClick={() => setConfirming(true)} data-testid="accounting-disconnect">
              {t('integrations.disconnect')}
            </Button>
          )}
        </Stack>
        {choosing && status.state === 'connected' && (
          <Choices
            status={status}
            onSaved={(next) => {
              refresh(next)
              setChoosing(false)
            }}
          />
        )}
        <Typography data-testid="accounting-last-sync">
          {status.lastSyncAt
            ? t('integrations.lastSync', { time: formatDateTime(status.lastSyncAt, language) })
            : t('integrations.never')}
        </Typography>
        <Typography data-testid="accounting-counts">
          {t('integrations.counts', { synced: status.synced, failed: status.failed, pending: status.pending })}
        </Typography>
        {status.recent.length > 0 && (
          <Box>
            <Typography variant="subtitle2">{t('integrations.recent')}</Typography>
            <Table size="small" data-testid="accounting-recent">
              <TableBody>
                {status.recent.map((row, index) => (
                  <TableRow key={index} data-testid="accounting-row">
                    <TableCell>{t(`integrations.kind.${row.kind}` as AnyMessageKey)}</TableCell>
                    <TableCell data-testid="accounting-row-reference">{row.reference}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={t(`integrations.status.${row.status}` as AnyMessageKey)}
                        data-testid="accounting-row-status"
                      />
                    </TableCell>
                    <TableCell>
                      {row.error ? t(row.error as AnyMessageKey) : formatDateTime(row.syncedAt ?? row.updatedAt, language)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        text={t('integrations.disconnectConfirm')}
        busy={disconnect.busy}
        confirmText={t('integrations.disconnect')}
        onConfirm={() => void disconnect.submit()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  )
}

const FIELDS = ['tenantId', 'salesAccount', 'bankAccount', 'defaultContact'] as const
type Field = (typeof FIELDS)[number]
const LABELS: Record<Field, AnyMessageKey> = {
  tenantId: 'integrations.tenant',
  salesAccount: 'integrations.salesAccount',
  bankAccount: 'integrations.bankAccount',
  defaultContact: 'integrations.defaultContact'
}

/** The organisation and accounts, chosen from the lists the accounting service gives. */
const Choices = ({ status, onSaved }: { status: AccountingStatus; onSaved: (status: AccountingStatus) => void }) => {
  const { t } = useListT()
  const options = useQuery({ queryKey: [servicePaths.accountingXero, 'options'], queryFn: accountingOptions })
  const [form, setForm] = useState<AccountingSettingsData>({
    salesAccount: status.settings.salesAccount ?? undefined,
    bankAccount: status.settings.bankAccount ?? undefined,
    defaultContact: status.settings.defaultContact ?? undefined
  })
  const save = useSubmit(async () => {
    onSaved(await chooseAccounting(form))
    notifySuccess(t('integrations.saved'))
  })
  const data = options.data
  if (!data) return null
  const choices: Record<Field, { value: string; label: string }[]> = {
    tenantId: data.tenants.map((item) => ({ value: item.id, label: item.name })),
    salesAccount: data.salesAccounts.map((item) => ({ value: item.code, label: `${item.code} ${item.name}` })),
    bankAccount: data.bankAccounts.map((item) => ({ value: item.id, label: item.name })),
    defaultContact: data.contacts.map((item) => ({ value: item.id, label: item.name }))
  }
  const current = (field: Field) => form[field] ?? (field === 'tenantId' ? data.tenants[0]?.id : undefined) ?? ''
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => void save.submit(event)} data-testid="accounting-choices">
      {FIELDS.map((field) => (
        <TextField
          key={field}
          select
          label={t(LABELS[field])}
          value={current(field)}
          onChange={(event) => setForm((was) => ({ ...was, [field]: event.target.value }))}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `accounting-${field}` } as object } }}
        >
          {choices[field].map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={save.busy} data-testid="accounting-save">
          {t('integrations.save')}
        </Button>
      </Box>
    </Stack>
  )
}
