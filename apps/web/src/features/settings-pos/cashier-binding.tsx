import { useState } from 'react'
import { Button, Chip, Stack, Typography } from '@mui/material'
import LinkOff from '@mui/icons-material/LinkOff'
import { servicePaths, type Cashier } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import type { FieldProps } from '../../components/fields/field-types'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { resourceApi } from '../../lib/resource-client'

/** Bound or not (spec §4.7), with the start of the device's key id so two devices can be told apart. */
export const BindingChip = ({ cashier }: { cashier: Pick<Cashier, 'deviceId'> }) => {
  const { t } = useListT()
  return cashier.deviceId ? (
    <Chip size="small" color="success" label={`${t('posCashier.boundYes')} · ${cashier.deviceId.slice(0, 8)}`} />
  ) : (
    <Chip size="small" variant="outlined" label={t('posCashier.boundNo')} />
  )
}

/**
 * The station's binding in its editor: unbinding (deviceId null, spec §4.7) frees it for another device,
 * and the device that had it loses its cashier at once, so it is asked for first.
 */
export const BindingField = ({ record, testId }: FieldProps) => {
  const { t } = useListT()
  const [unbound, setUnbound] = useState(false)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!record?._id) return null
  const cashier = { deviceId: unbound ? null : ((record.deviceId as string | null | undefined) ?? null) }
  const unbind = async () => {
    setAsking(false)
    setBusy(true)
    try {
      await resourceApi(servicePaths.cashiers).patch(record._id!, { deviceId: null })
      setUnbound(true)
      notifySuccess(t('posCashier.unbound'))
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={testId}>
      <Typography variant="body2">{t('posCashier.bound')}:</Typography>
      <BindingChip cashier={cashier} />
      {cashier.deviceId && (
        <Button
          size="small"
          color="warning"
          startIcon={<LinkOff />}
          disabled={busy}
          onClick={() => setAsking(true)}
          data-testid="cashier-unbind"
        >
          {t('posCashier.unbind')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('posCashier.unbind')}
        text={t('posCashier.unbindConfirm')}
        testId="cashier-unbind-dialog"
        onClose={() => setAsking(false)}
        onConfirm={() => void unbind()}
      />
    </Stack>
  )
}
