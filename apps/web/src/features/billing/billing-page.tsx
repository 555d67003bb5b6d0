import { useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material'
import { canOpen, periodPrice, type Shop, type Subscription } from '@emporia/shared'
import { useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { useLoadedFeatures } from '../../lib/features'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { usePlans, useSubscription } from './billing-api'
import { BillingInfoForm } from './billing-info-form'
import { CurrentPlanCard } from './current-plan-card'
import { InvoicesList } from './invoices-list'
import { PayDialog, type PayIntent } from './pay-dialog'
import { PlanComparison } from './plan-comparison'
import { renewalPlan } from './billing-view'

const Loading = ({ label }: { label: string }) => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={label} data-testid="billing-loading">
    <CircularProgress />
  </Box>
)

/**
 * Billing and Upgrade (spec §2.14, §3.14; decision 0129): the shop's plan and contract, the plans to
 * choose from, the billing info, paying by card and the invoices. Admins only; nothing to see when the
 * server runs without billing (BILLING=off).
 */
export const BillingPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const features = useLoadedFeatures()
  const shop = useCurrentShop(Boolean(user))
  if (!features || !shop) return <Loading label={t('billingPage.loading')} />
  if (!features.billing)
    return (
      <Alert severity="info" data-testid="billing-off" sx={{ maxWidth: 720 }}>
        {t('billingPage.disabled')}
      </Alert>
    )
  if (!canOpen('billing', shop, user?._id))
    return (
      <Alert severity="info" data-testid="billing-admins-only" sx={{ maxWidth: 720 }}>
        {t('billingPage.adminsOnly')}
      </Alert>
    )
  return <BillingScreen shop={shop} />
}

const BillingScreen = ({ shop }: { shop: Shop }) => {
  const { t } = useListT()
  const subscription = useSubscription()
  const { refetch } = subscription
  // The billing sweep, an operator or a webhook moves the plan elsewhere: the shop's record comes by its
  // event, and the subscription is read again when what it says of the plan changes.
  const planSeen = [shop.billingState, shop.plan, shop.contract, shop.contractEnd, shop.graceEnd, shop.validUtil].join('|')
  const lastSeen = useRef(planSeen)
  useEffect(() => {
    if (planSeen === lastSeen.current) return
    lastSeen.current = planSeen
    void refetch()
  }, [planSeen, refetch])
  const plans = usePlans()
  const [now] = useState(() => Date.now())
  const [intent, setIntent] = useState<PayIntent | null>(null)
  if (subscription.isPending || plans.isPending) return <Loading label={t('billingPage.loading')} />
  const failed = subscription.isError ? subscription.error : plans.isError ? plans.error : undefined
  if (failed)
    return (
      <Alert
        severity="error"
        data-testid="billing-error"
        sx={{ maxWidth: 720 }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => void Promise.all([subscription.refetch(), plans.refetch()])}
            data-testid="billing-retry"
          >
            {t('billingPage.retry')}
          </Button>
        }
      >
        {errorMessage(failed)}
      </Alert>
    )
  const current: Subscription | null | undefined = subscription.data
  if (!current)
    return (
      <Alert severity="warning" data-testid="billing-none" sx={{ maxWidth: 720 }}>
        {t('billingPage.none')}
      </Alert>
    )
  const catalogue = plans.data ?? []
  const renew = () => {
    const plan = renewalPlan(current, catalogue)
    if (plan) setIntent({ kind: 'renew', plan, preview: periodPrice(plan, false), losses: [] })
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 1280 }} data-testid="billing-page">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <CurrentPlanCard subscription={current} plans={catalogue} now={now} onRenew={renew} />
        {/* Keyed by the saved info, so a save elsewhere (another tab, a refresh) shows in the form. */}
        <BillingInfoForm key={JSON.stringify(current.billingInfo)} subscription={current} />
      </Box>
      {current.state !== 'off' && <PlanComparison subscription={current} plans={catalogue} now={now} onPick={setIntent} />}
      <InvoicesList />
      <PayDialog intent={intent} subscription={current} onClose={() => setIntent(null)} />
    </Stack>
  )
}
