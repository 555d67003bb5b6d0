import { useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { servicePaths, type LocaleId, type PointType, type ShopUser } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { SelectInput } from '../../components/fields/select-field'
import { errorField, errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { useCustomer } from './customers-api'
import { adjustPoints, transferPoints } from './points-api'

const recipientField: FieldDef = {
  name: 'to',
  label: 'customerPoints.transferTo',
  type: 'select',
  source: { path: servicePaths.shopUsers, textField: 'name', searchFields: ['name', 'phone', 'email'] }
}

interface PointsDialogProps {
  customer: ShopUser
  /** The types the dialog offers (a transfer: only those that allow it). */
  types: PointType[]
  balances: Record<string, number>
  onClose: (done: boolean) => void
}

/** The dialog's state: its inputs, the server's refusal on its field (or for the whole form), and whether it is sending. */
const useSubmit = () => {
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const run = async (send: () => Promise<unknown>, onDone: () => void) => {
    setBusy(true)
    setErrors({})
    try {
      await send()
      onDone()
    } catch (failure) {
      setErrors({ [errorField(failure) ?? '']: errorMessage(failure) })
    } finally {
      setBusy(false)
    }
  }
  return { busy, errors, run }
}

const TypeSelect = ({
  types,
  balances,
  value,
  onChange,
  error
}: {
  types: PointType[]
  balances: Record<string, number>
  value: string
  onChange: (value: string) => void
  error?: string
}) => {
  const { t, tAny, language } = useListT()
  return (
    <TextField
      select
      fullWidth
      label={t('customerPoints.type')}
      value={value}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': 'points-type' } }}
    >
      {types.map((type) => (
        <MenuItem key={type._id} value={type._id}>
          {`${resolveText(type.name, language as LocaleId, (key) => tAny(key))} (${balances[type._id] ?? 0})`}
        </MenuItem>
      ))}
    </TextField>
  )
}

const PointsInput = ({
  label,
  value,
  onChange,
  error
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
}) => (
  <TextField
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={Boolean(error)}
    helperText={error}
    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'points-amount' } }}
    fullWidth
  />
)

/** A whole number typed (a sign allowed); anything else is not sent. */
const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null)

/** Transfer: the type, the receiving customer and the points, read back, then confirmed (decision 0091). */
export const TransferDialog = ({ customer, types, balances, onClose }: PointsDialogProps) => {
  const { t, tAny, language } = useListT()
  const [type, setType] = useState(types[0]?._id ?? '')
  const [to, setTo] = useState<string | null>(null)
  const [amount, setAmount] = useState('')
  const [remarks, setRemarks] = useState('')
  const recipient = useCustomer(to ?? undefined)
  const { busy, errors, run } = useSubmit()
  const points = wholeNumber(amount)
  const typeName = (id: string) => {
    const found = types.find((row) => row._id === id)
    return found ? resolveText(found.name, language as LocaleId, (key) => tAny(key)) : ''
  }
  const ready = Boolean(type && to && to !== customer._id && points && points > 0)
  const send = () =>
    run(
      () => transferPoints({ from: customer._id, to: to!, pointType: type, points: points!, remarks: remarks || null }),
      () => onClose(true)
    )
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth data-testid="transfer-dialog">
      <DialogTitle>{t('customerPoints.transfer')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TypeSelect types={types} balances={balances} value={type} onChange={setType} error={errors.pointType} />
          <SelectInput
            field={recipientField}
            value={to}
            onChange={(value) => setTo(typeof value === 'string' && value ? value : null)}
            values={{ to }}
            setValue={(_name, value) => setTo(typeof value === 'string' && value ? value : null)}
            testId="transfer-to"
            error={errors.to}
            record={{ _id: customer._id }}
          />
          <PointsInput label={t('customerPoints.points')} value={amount} onChange={setAmount} error={errors.points} />
          <TextField
            label={t('customerPoints.remarks')}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
            fullWidth
          />
          {errors[''] && <Alert severity="error">{errors['']}</Alert>}
          {ready && (
            <Typography data-testid="transfer-confirm-text">
              {t('customerPoints.transferConfirm', {
                points: points!,
                type: typeName(type),
                from: customer.name ?? '',
                to: recipient.data?.name ?? '…'
              })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} data-testid="transfer-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={!ready || busy} onClick={send} data-testid="transfer-ok">
          {t('editor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** Adjust: the type and the signed points, read back, then confirmed (admins only; decision 0091). */
export const AdjustDialog = ({ customer, types, balances, onClose }: PointsDialogProps) => {
  const { t, tAny, language } = useListT()
  const [type, setType] = useState(types[0]?._id ?? '')
  const [amount, setAmount] = useState('')
  const [remarks, setRemarks] = useState('')
  const { busy, errors, run } = useSubmit()
  const points = wholeNumber(amount)
  const found = types.find((row) => row._id === type)
  const ready = Boolean(found && points)
  const send = () =>
    run(
      () => adjustPoints({ user: customer._id, pointType: type, points: points!, remarks: remarks || null }),
      () => onClose(true)
    )
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth data-testid="adjust-dialog">
      <DialogTitle>{t('customerPoints.adjust')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TypeSelect types={types} balances={balances} value={type} onChange={setType} error={errors.pointType} />
          <PointsInput label={t('customerPoints.adjustPoints')} value={amount} onChange={setAmount} error={errors.points} />
          <TextField
            label={t('customerPoints.remarks')}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
            fullWidth
          />
          {errors[''] && <Alert severity="error">{errors['']}</Alert>}
          {ready && found && (
            <Typography data-testid="adjust-confirm-text">
              {t('customerPoints.adjustConfirm', {
                name: customer.name ?? '',
                type: resolveText(found.name, language as LocaleId, (key) => tAny(key)),
                points: points! > 0 ? `+${points!}` : String(points!)
              })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} data-testid="adjust-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={!ready || busy} onClick={send} data-testid="adjust-ok">
          {t('editor.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
