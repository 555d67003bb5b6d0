import { Alert, AlertTitle, Box, Button } from '@mui/material'
import { roleInShop, type PlanFeature, type Shop } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import type { ScreenDef } from '../../lib/screens/screen'
import { usePlans } from './billing-api'
import { cheapestPlanWith } from './billing-view'
import { billingBanner, screenLocks } from './gates'

interface BillingNoticesProps {
  shop: Shop
  userId: string | undefined
  /** The features service's billing switch: off (self-hosted) shows nothing. */
  billing: boolean
  /** The screen the page belongs to, if any. */
  screen: Pick<ScreenDef, 'route' | 'area' | 'service'> | undefined
  /** The time the plan is judged at; now when unsaid. */
  now?: number
}

/**
 * What the app shell says above a page about the shop's plan (decision 0129): the admins' banner in grace
 * or after a lapse, and on a screen whose paid feature is off, the upgrade prompt above what it can still
 * show, read-only.
 */
export const BillingNotices = ({ shop, userId, billing, screen, now }: BillingNoticesProps) => {
  if (!billing) return null
  const banner = screen?.route === 'billing' ? null : billingBanner(shop, userId, billing, now)
  // The POS page says it in its own place, instead of the till.
  const locked = screen && screen.route !== 'pos' ? screenLocks(screen, shop, userId) : []
  if (!banner && !locked.length) return null
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {banner && <PlanBanner banner={banner} />}
      {locked.length > 0 && <UpgradePrompt features={locked} admin={roleInShop(shop, userId) === 'admin'} />}
    </Box>
  )
}

/** The grace banner's words: days left, or "today" on the last day. */
const graceText = (after: 'trial' | 'plan', days: number): AnyMessageKey =>
  after === 'trial'
    ? days > 0
      ? 'billingPage.banner.graceTrial'
      : 'billingPage.banner.graceTrialToday'
    : days > 0
      ? 'billingPage.banner.gracePlan'
      : 'billingPage.banner.gracePlanToday'

const PlanBanner = ({ banner }: { banner: NonNullable<ReturnType<typeof billingBanner>> }) => {
  const { t } = useListT()
  const grace = banner.kind === 'grace'
  return (
    <Alert
      severity={grace ? 'warning' : 'error'}
      role="alert"
      data-testid="billing-banner"
      data-kind={banner.kind}
      action={
        <Button
          component={AppLink}
          href="/billing"
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="billing-banner-choose"
        >
          {t('billingPage.banner.choose')}
        </Button>
      }
    >
      {grace ? t(graceText(banner.after, banner.days), { days: banner.days }) : t('billingPage.banner.lapsed')}
    </Alert>
  )
}

/** "Discounts and coupons are in the Pro plan": the cheapest plan on offer that has them, and the way there. */
export const UpgradePrompt = ({ features, admin }: { features: PlanFeature[]; admin: boolean }) => {
  const { t, tAny, language } = useListT()
  const plans = usePlans()
  const names = features.map((feature) => tAny(`planFeature.${feature}`)).join(t('billingPage.prompt.separator'))
  const plan = plans.data ? cheapestPlanWith(plans.data, features) : undefined
  const text = plan
    ? t('billingPage.prompt.inPlan', { features: names, plan: resolveText(plan.name, language, tAny) })
    : t('billingPage.prompt.paid', { features: names })
  return (
    <Alert
      severity="info"
      data-testid="upgrade-prompt"
      action={
        admin ? (
          <Button
            component={AppLink}
            href="/billing"
            color="inherit"
            size="small"
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            data-testid="upgrade-prompt-plans"
          >
            {t('billingPage.prompt.seePlans')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{text}</AlertTitle>
      {t(admin ? 'billingPage.prompt.readOnly' : 'billingPage.prompt.askAdmin')}
    </Alert>
  )
}
