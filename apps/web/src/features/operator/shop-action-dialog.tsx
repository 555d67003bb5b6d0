import { useState } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import type { LocaleId, OperatorActionData, OperatorShopRow, Plan } from '@emporia/shared'
import { errorField, errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { useAllPlans, useOperatorAction } from './operator-api'
import { parseWhole } from './plan-form'

export type ShopActionKind = 'extendTrial' | 'grantPlan'

/** The ranges the server takes (decision 0131): a trial by 1–365 days, a plan for 1–60 months. */
const DAYS = { min: 1, max: 365 }
const MONTHS = { min: 1, max: 60 }

export const planLabel = (plan: Pick<Plan, 'code' | 'name'>, locale: LocaleId) => plan.name[locale] || plan.name.en || plan.code

/**
 * Extend a trial or grant a plan: the values, then a confirmation that says exactly what will happen,
 * then the call with its progress. A refusal the server puts on a field shows under that field.
 */
export const ShopActionDialog = ({
  kind,
  shop,
  onClose
}: {
  kind: ShopActionKind
  shop: OperatorShopRow
  onClose: () => void
}) => {
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const plans = useAllPlans()
  const action = useOperatorAction()
  const [step, setStep] = useState<'form' | 'confirm'>('form')
  const [days, setDays] = useState('14')
  const [months, setMonths] = useState('12')
  const [plan, setPlan] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const shopName = shop.name || shop.subdomain
  const serverField = action.error ? errorField(action.error) : undefined
  const fieldError = (name: string) => local[name] ?? (serverField === name ? errorMessage(action.error) : undefined)
  const chosen = plans.data?.find((entry) => entry.code === plan)

  const check = () => {
    const problems: Record<string, string> = {}
    const range = (name: string, text: string, { min, max }: { min: number; max: number }) => {
      if (parseWhole(text, min, max) === undefined) problems[name] = t('operator.wholeRange', { min, max })
    }
    if (kind === 'extendTrial') range('days', days, DAYS)
    else {
      range('months', months, MONTHS)
      if (!plan) problems.plan = tAny('format.required')
    }
    setLocal(problems)
    if (!Object.keys(problems).length) {
      action.reset()
      setStep('confirm')
    }
  }

  const run = async () => {
    const data: OperatorActionData =
      kind === 'extendTrial'
        ? { action: kind, shop: shop._id, days: Number(days) }
        : { action: kind, shop: shop._id, plan, months: Number(months) }
    try {
      await action.mutateAsync(data)
      notifySuccess(t(kind === 'extendTrial' ? 'operator.extended' : 'operator.granted'))
      onClose()
    } catch (error) {
      // A field's refusal goes back to the form, under the field; anything else stays in view here.
      if (['days', 'months', 'plan'].includes(errorField(error) ?? '')) setStep('form')
    }
  }

  const title = t(kind === 'extendTrial' ? 'operator.extendTitle' : 'operator.grantTitle', { shop: shopName })
  const generalError =
    action.error && !['days', 'months', 'plan'].includes(serverField ?? '') ? errorMessage(action.error) : undefined
  return (
    <Dialog open onClose={action.isPending ? undefined : onClose} maxWidth="xs" fullWidth data-testid={`operator-${kind}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {step === 'form' ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t(kind === 'extendTrial' ? 'operator.extendText' : 'operator.grantText')}
            </Typography>
            {kind === 'extendTrial' ? (
              <TextField
                size="small"
                type="number"
                label={t('operator.days')}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                error={Boolean(fieldError('days'))}
                helperText={fieldError('days')}
                slotProps={{ htmlInput: { min: DAYS.min, max: DAYS.max, step: 1, 'data-testid': 'operator-days' } }}
              />
            ) : (
              <>
                <TextField
                  select
                  size="small"
                  label={t('operator.plan')}
                  value={plan}
                  onChange={(event) => setPlan(event.target.value)}
                  error={Boolean(fieldError('plan'))}
                  helperText={fieldError('plan') ?? (plans.error ? errorMessage(plans.error) : undefined)}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'operator-plan' } as object } }}
                >
                  {(plans.data ?? []).map((entry) => (
                    <MenuItem key={entry.code} value={entry.code} data-testid={`operator-plan-${entry.code}`}>
                      {planLabel(entry, locale)}
                      {entry.active ? '' : ` (${t('operator.plan.retired')})`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={t('operator.months')}
                  value={months}
                  onChange={(event) => setMonths(event.target.value)}
                  error={Boolean(fieldError('months'))}
                  helperText={fieldError('months')}
                  slotProps={{ htmlInput: { min: MONTHS.min, max: MONTHS.max, step: 1, 'data-testid': 'operator-months' } }}
                />
              </>
            )}
          </Stack>
        ) : (
          <>
            <Typography data-testid="operator-confirm-text" sx={{ pt: 1 }}>
              {kind === 'extendTrial'
                ? t('operator.confirmExtend', { shop: shopName, days: Number(days) })
                : t('operator.confirmGrant', {
                    shop: shopName,
                    plan: chosen ? planLabel(chosen, locale) : plan,
                    months: Number(months)
                  })}
            </Typography>
            {kind === 'grantPlan' && shop.state === 'active' && shop.contractEnd && (
              // A grant starts today: a contract running on (paid or granted) ends with it.
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="operator-replaces-contract">
                {t('operator.replacesContract', { date: formatDate(shop.contractEnd, locale) })}
              </Alert>
            )}
          </>
        )}
        {generalError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="operator-action-error">
            {generalError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'form' ? (
          <>
            <Button onClick={onClose}>{t('operator.cancel')}</Button>
            <Button variant="contained" onClick={check} data-testid="operator-continue">
              {t('operator.continue')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('form')} disabled={action.isPending}>
              {t('operator.back')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void run()}
              disabled={action.isPending}
              startIcon={action.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="operator-confirm"
            >
              {t('operator.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}
