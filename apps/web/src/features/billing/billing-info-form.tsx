import { useState, type FormEvent } from 'react'
import { Box, Button, CircularProgress, InputAdornment, Paper, TextField, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import type { BillingInfo, Subscription } from '@emporia/shared'
import { errorField, errorMessage } from '../../lib/errors'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { saveSubscription, showSubscription } from './billing-api'
import {
  billingInfoErrors,
  billingInfoFields,
  emptyBillingInfo,
  normalizeBillingInfo,
  type BillingInfoField
} from './billing-info'
import { countries } from './countries'

const labels: Record<BillingInfoField, AnyMessageKey> = {
  company: 'billingPage.info.company',
  firstName: 'billingPage.info.firstName',
  lastName: 'billingPage.info.lastName',
  address1: 'billingPage.info.address1',
  address2: 'billingPage.info.address2',
  city: 'billingPage.info.city',
  state: 'billingPage.info.state',
  country: 'billingPage.info.country',
  zipcode: 'billingPage.info.zipcode',
  phoneCountry: 'billingPage.info.phoneCountry',
  phone: 'billingPage.info.phone'
}

const autoComplete: Partial<Record<BillingInfoField, string>> = {
  company: 'organization',
  firstName: 'billing given-name',
  lastName: 'billing family-name',
  address1: 'billing address-line1',
  address2: 'billing address-line2',
  city: 'billing address-level2',
  state: 'billing address-level1',
  country: 'billing country',
  zipcode: 'billing postal-code',
  phoneCountry: 'billing tel-country-code',
  phone: 'billing tel-national'
}

// Two columns on a wide screen: the address lines take the whole row.
const wide: ReadonlySet<BillingInfoField> = new Set(['company', 'address1', 'address2'])

/**
 * The billing info the invoices carry (spec §3.14): company, name, address, country (Hong Kong unless
 * said), phone with its dialling code (852 unless said); checked with the shared schema's rules before
 * it is saved with `billing` patch.
 */
export const BillingInfoForm = ({ subscription }: { subscription: Subscription }) => {
  const { t, tAny, language } = useListT()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<BillingInfo>(() => subscription.billingInfo ?? emptyBillingInfo())
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<{ field?: string; text: string }>()
  const errors = billingInfoErrors(values)

  const set = (field: BillingInfoField) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }))
    if (serverError?.field === field) setServerError(undefined)
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (busy || Object.keys(errors).length) return
    setBusy(true)
    setServerError(undefined)
    try {
      const next = await saveSubscription(subscription._id, { billingInfo: normalizeBillingInfo(values) })
      showSubscription(queryClient, next)
      if (next.billingInfo) setValues(next.billingInfo)
      setTried(false)
      notifySuccess(t('billingPage.info.saved'))
    } catch (error) {
      const field = errorField(error)?.replace(/^billingInfo\./, '')
      setServerError({ field, text: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  const helper = (field: BillingInfoField) => {
    if (serverError?.field === field) return serverError.text
    const error = tried ? errors[field] : undefined
    return error ? tAny(error.key, error.values) : undefined
  }

  return (
    <Paper component="section" aria-labelledby="billing-info-title" sx={{ p: { xs: 2, md: 3 } }} data-testid="billing-info">
      <Typography variant="h6" component="h2" id="billing-info-title" sx={{ mb: 0.5 }}>
        {t('billingPage.info.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billingPage.info.hint')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void save(event)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {billingInfoFields.map((field) => {
          const message = helper(field)
          const common = {
            key: field,
            name: field,
            label: t(labels[field]),
            value: values[field],
            onChange: set(field),
            error: Boolean(message),
            helperText: message,
            size: 'small' as const,
            fullWidth: true,
            sx: wide.has(field) ? { gridColumn: { sm: '1 / -1' } } : undefined
          }
          if (field === 'country')
            return (
              <TextField
                {...common}
                select
                slotProps={{
                  select: { native: true },
                  htmlInput: { 'data-testid': 'billing-info-country', autoComplete: autoComplete.country }
                }}
              >
                {countries(language).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </TextField>
            )
          return (
            <TextField
              {...common}
              required={field !== 'company' && field !== 'address2' && field !== 'state' && field !== 'zipcode'}
              type={field === 'phone' ? 'tel' : 'text'}
              slotProps={{
                input:
                  field === 'phoneCountry' ? { startAdornment: <InputAdornment position="start">+</InputAdornment> } : undefined,
                htmlInput: {
                  'data-testid': `billing-info-${field}`,
                  autoComplete: autoComplete[field],
                  inputMode: field === 'phoneCountry' || field === 'phone' ? 'tel' : undefined
                }
              }}
            />
          )
        })}
        {serverError && !(billingInfoFields as readonly string[]).includes(serverError.field ?? '') && (
          <Typography color="error" role="alert" sx={{ gridColumn: '1 / -1' }} data-testid="billing-info-error">
            {serverError.text}
          </Typography>
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="billing-info-save"
          >
            {t('billingPage.info.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  )
}
