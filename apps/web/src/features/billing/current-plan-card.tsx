import { useState, type ReactNode } from 'react'
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material'
import Autorenew from '@mui/icons-material/Autorenew'
import Refresh from '@mui/icons-material/Refresh'
import { useQueryClient } from '@tanstack/react-query'
import type { Plan, Subscription } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { notifyError, notifySuccess } from '../../lib/notify'
import { refreshSubscription, saveSubscription, showSubscription } from './billing-api'
import { canRenew, cardText, failureKey, statusView, type StatusView } from './billing-view'

const statusText = (
  status: StatusView
): { key: AnyMessageKey; values?: Record<string, unknown>; alert?: boolean; warn?: boolean } => {
  switch (status.kind) {
    case 'trial':
      return { key: 'billingPage.status.trial', values: { days: status.days } }
    case 'trialEnded':
      return { key: 'billingPage.status.trialEnded', alert: true }
    case 'active':
      return status.expiring
        ? { key: 'billingPage.status.expiring', values: { days: status.days }, warn: true }
        : { key: 'billingPage.status.active' }
    case 'grace':
      return { key: 'billingPage.status.grace', values: { days: status.days }, alert: true }
    case 'lapsed':
      return { key: 'billingPage.status.lapsed', alert: true }
    case 'off':
      return { key: 'billingPage.status.off' }
  }
}

const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId: string }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={testId}>
      {children}
    </Typography>
  </>
)

interface CurrentPlanCardProps {
  subscription: Subscription
  plans: Plan[]
  now: number
  onRenew: () => void
}

/**
 * The shop's plan now (spec §3.14, §4.3): its name and state, the contract's dates, auto-renewal, a
 * booked downgrade, the saved card and the last failure; refresh, renew and auto-renewal on or off,
 * each with its own progress.
 */
export const CurrentPlanCard = ({ subscription, plans, now, onRenew }: CurrentPlanCardProps) => {
  const { t, tAny, language } = useListT()
  const queryClient = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const [askRenew, setAskRenew] = useState(false)
  const [switching, setSwitching] = useState(false)
  const nameOf = (code: string | null) => {
    const plan = plans.find((candidate) => candidate.code === code)
    return plan ? resolveText(plan.name, language, tAny) : (code ?? '-')
  }
  const date = (value: string | null) => formatDate(value, language)
  const status = statusText(statusView(subscription, now))
  const underContract = subscription.start !== null && (subscription.state === 'active' || subscription.state === 'grace')

  const refresh = async () => {
    if (refreshing) return
    setRefreshing(true)
    try {
      showSubscription(queryClient, await refreshSubscription())
      notifySuccess(t('billingPage.refreshed'))
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setRefreshing(false)
    }
  }

  const switchAutoRenew = async () => {
    if (switching) return
    setSwitching(true)
    try {
      showSubscription(queryClient, await saveSubscription(subscription._id, { autoRenew: !subscription.autoRenew }))
      notifySuccess(t(subscription.autoRenew ? 'billingPage.autoRenew.turnedOff' : 'billingPage.autoRenew.turnedOn'))
      setAskRenew(false)
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Paper component="section" aria-labelledby="billing-current-title" sx={{ p: { xs: 2, md: 3 } }} data-testid="billing-current">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" id="billing-current-title" sx={{ flex: 1 }}>
          {t('billingPage.current.title', { plan: nameOf(subscription.plan) })}
        </Typography>
        <Chip
          label={t(status.key, status.values)}
          color={status.alert ? 'error' : status.warn ? 'warning' : subscription.state === 'active' ? 'success' : 'default'}
          variant={status.alert ? 'filled' : 'outlined'}
          data-testid="billing-status"
          data-state={subscription.state}
        />
      </Stack>
      {subscription.lastFailure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="billing-last-failure">
          {t('billingPage.current.lastFailure', { reason: tAny(failureKey(subscription.lastFailure)) })}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: { xs: 2, sm: 3 },
          rowGap: 1,
          m: 0
        }}
      >
        {subscription.state === 'trial' && (
          <Fact label={t('billingPage.current.trialEnd')} testId="billing-trial-end">
            {date(subscription.trialEnd)}
          </Fact>
        )}
        <Fact label={t('billingPage.current.start')} testId="billing-start">
          {date(subscription.start)}
        </Fact>
        <Fact label={t('billingPage.current.end')} testId="billing-end">
          {date(subscription.end)}
        </Fact>
        {subscription.state === 'grace' && (
          <Fact label={t('billingPage.current.graceEnd')} testId="billing-grace-end">
            <Box component="span" sx={{ color: 'error.main' }}>
              {date(subscription.graceEnd)}
            </Box>
          </Fact>
        )}
        <Fact label={t('billingPage.current.autoRenew')} testId="billing-auto-renew">
          {t(subscription.autoRenew ? 'billingPage.autoRenew.on' : 'billingPage.autoRenew.off')}
        </Fact>
        <Fact label={t('billingPage.current.nextBill')} testId="billing-next-bill">
          {date(subscription.nextBill)}
        </Fact>
        <Fact label={t('billingPage.current.renewAt')} testId="billing-renew-at">
          {date(subscription.renewAt)}
        </Fact>
        <Fact label={t('billingPage.current.upgradeDate')} testId="billing-upgrade-date">
          {date(subscription.upgradeDate)}
        </Fact>
        {subscription.pendingPlan && (
          <Fact label={t('billingPage.current.pending')} testId="billing-pending">
            {t('billingPage.current.pendingText', { plan: nameOf(subscription.pendingPlan), date: date(subscription.end) })}
          </Fact>
        )}
        <Fact label={t('billingPage.current.card')} testId="billing-card">
          {subscription.card ? cardText(subscription.card) : t('billingPage.current.noCard')}
        </Fact>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 3 }}>
        {canRenew(subscription) && (
          <Button variant="contained" onClick={onRenew} data-testid="billing-renew">
            {t('billingPage.action.renew')}
          </Button>
        )}
        <Button
          variant="outlined"
          onClick={() => void refresh()}
          disabled={refreshing}
          startIcon={refreshing ? <CircularProgress size={16} color="inherit" /> : <Refresh />}
          data-testid="billing-refresh"
        >
          {t('billingPage.action.refresh')}
        </Button>
        {underContract && (
          <Button
            variant="outlined"
            onClick={() => setAskRenew(true)}
            startIcon={<Autorenew />}
            disabled={switching}
            data-testid="billing-auto-renew-switch"
          >
            {t(subscription.autoRenew ? 'billingPage.action.autoRenewOff' : 'billingPage.action.autoRenewOn')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={askRenew}
        busy={switching}
        title={t(subscription.autoRenew ? 'billingPage.action.autoRenewOff' : 'billingPage.action.autoRenewOn')}
        text={
          subscription.autoRenew
            ? t('billingPage.autoRenew.confirmOff', { date: date(subscription.end) })
            : t('billingPage.autoRenew.confirmOn', { date: date(subscription.nextBill ?? subscription.end) })
        }
        confirmText={t(subscription.autoRenew ? 'billingPage.action.autoRenewOff' : 'billingPage.action.autoRenewOn')}
        onConfirm={() => void switchAutoRenew()}
        onClose={() => setAskRenew(false)}
        testId="billing-auto-renew-confirm"
      />
    </Paper>
  )
}
