import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material'
import { servicePaths, type ShopUser } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { SelectInput } from '../../components/fields/select-field'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { eraseCustomer, mergeCustomers, useCustomer } from './customers-api'

const duplicateField: FieldDef = {
  name: 'remove',
  label: 'shopUser.mergePick',
  type: 'select',
  source: { path: servicePaths.shopUsers, textField: 'name', searchFields: ['name', 'phone', 'email'] }
}

interface DialogProps {
  customer: ShopUser
  onClose: (done: boolean) => void
}

/** Merge: pick the duplicate, read what happens, confirm (decision 0083). */
export const MergeDialog = ({ customer, onClose }: DialogProps) => {
  const { t } = useListT()
  const [remove, setRemove] = useState<string | null>(null)
  const other = useCustomer(remove ?? undefined)
  const otherName = other.data?.name ?? ''
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const pick = (value: unknown) => {
    setRemove(typeof value === 'string' && value ? value : null)
    setError(undefined)
  }
  const confirm = async () => {
    if (!remove) return
    setBusy(true)
    try {
      await mergeCustomers(customer._id, remove)
      onClose(true)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth data-testid="merge-dialog">
      <DialogTitle>{t('shopUser.merge')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SelectInput
            field={duplicateField}
            value={remove}
            onChange={pick}
            values={{ remove }}
            setValue={(_name, value) => pick(value)}
            testId="merge-pick"
            error={error}
            record={{ _id: customer._id }}
          />
          {remove && (
            <Typography data-testid="merge-confirm-text">
              {t('shopUser.mergeConfirm', { other: otherName || '…', name: customer.name ?? '' })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} data-testid="merge-cancel">
          {t('editor.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={!remove || remove === customer._id || busy}
          onClick={confirm}
          data-testid="merge-ok"
        >
          {t('editor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** Erase: the consequences, then the customer's name typed as the second yes (decision 0083). */
export const EraseDialog = ({ customer, onClose }: DialogProps) => {
  const { t } = useListT()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const name = customer.name || customer.email || customer.phone || ''
  const confirm = async () => {
    setBusy(true)
    try {
      await eraseCustomer(customer._id)
      onClose(true)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth data-testid="erase-dialog">
      <DialogTitle>{t('shopUser.erase')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t('shopUser.eraseConfirm')}</Typography>
          <TextField
            label={t('shopUser.eraseType', { name })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { 'data-testid': 'erase-type' } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} data-testid="erase-cancel">
          {t('editor.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={typed.trim() !== name || busy}
          onClick={confirm}
          data-testid="erase-ok"
        >
          {t('shopUser.erase')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
