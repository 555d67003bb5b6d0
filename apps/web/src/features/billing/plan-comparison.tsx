import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material'
import Check from '@mui/icons-material/Check'
import type { Plan, Subscription } from '@emporia/shared'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import {
  comparisonRows,
  downgradeLosses,
  limitLines,
  planAction,
  previewAmount,
  type LimitLine,
  type PlanAction
} from './billing-view'
import type { PayIntent } from './pay-dialog'

interface PlanComparisonProps {
  subscription: Subscription
  plans: Plan[]
  now: number
  onPick: (intent: PayIntent) => void
}

const buttonText: Record<Exclude<PlanAction, 'current' | 'booked'>, { label: AnyMessageKey; named: AnyMessageKey }> = {
  keep: { label: 'billingPage.plan.keep', named: 'billingPage.plan.keepNamed' },
  choose: { label: 'billingPage.plan.choose', named: 'billingPage.plan.chooseNamed' },
  upgrade: { label: 'billingPage.plan.upgrade', named: 'billingPage.plan.upgradeNamed' },
  downgrade: { label: 'billingPage.plan.downgrade', named: 'billingPage.plan.downgradeNamed' }
}

/**
 * The plans side by side (spec §2.14 Upgrade, §9.2): price a month, the contract and its free months,
 * the offer, what each adds over the one before in the merchant's words, its limits, and a button that
 * says what it does (choose, upgrade now, downgrade at the period end). The shop's plan is marked.
 */
/** A limit's number as shown: money in HK$, counts with thousands separators ("5,000 products"). */
const limitValues = (line: LimitLine) => {
  const count = line.values?.count
  if (count === undefined) return undefined
  return { count: line.money ? formatMoney(count, 'HK$') : count.toLocaleString('en') }
}

export const PlanComparison = ({ subscription, plans, now, onPick }: PlanComparisonProps) => {
  const { t, tAny, language } = useListT()
  const rows = comparisonRows(plans)
  const current = plans.find((plan) => plan.code === subscription.plan)
  const nameOf = (plan: Plan) => resolveText(plan.name, language, tAny)
  return (
    <Box component="section" aria-labelledby="billing-plans-title">
      <Typography variant="h6" component="h2" id="billing-plans-title" sx={{ mb: 2 }}>
        {t('billingPage.plans.title')}
      </Typography>
      {!rows.length && (
        <Typography color="text.secondary" data-testid="billing-plans-empty">
          {t('billingPage.plans.empty')}
        </Typography>
      )}
      <Box
        role="list"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(260px, 1fr))' } }}
      >
        {rows.map(({ plan, added }, index) => {
          const action = planAction(subscription, current, plan)
          const isCurrent = plan.code === subscription.plan
          const name = nameOf(plan)
          const offer = resolveText(plan.offer, language, tAny)
          const pick = () =>
            action !== 'current' &&
            action !== 'booked' &&
            onPick({
              kind: action,
              plan,
              preview: previewAmount(subscription, current, plan, action, now),
              losses: action === 'downgrade' ? downgradeLosses(current, plan) : []
            })
          return (
            <Paper
              key={plan._id}
              role="listitem"
              aria-label={name}
              variant="outlined"
              data-testid={`billing-plan-${plan.code}`}
              data-current={isCurrent ? 'true' : undefined}
              sx={{
                p: 2,
                display: 'flex',
                flexDirection: 'column',
                gap: 1.5,
                borderWidth: isCurrent ? 2 : 1,
                borderColor: isCurrent ? 'primary.main' : 'divider'
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
                  {name}
                </Typography>
                {isCurrent && (
                  <Chip
                    size="small"
                    color="primary"
                    label={t(subscription.start === null ? 'billingPage.plan.trialPlan' : 'billingPage.plan.current')}
                    data-testid="billing-plan-current"
                  />
                )}
              </Stack>
              <Box>
                <Typography variant="h5" component="p" data-testid="billing-plan-price">
                  {t('billingPage.plan.perMonth', { price: formatMoney(plan.priceMonthly, 'HK$') })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('billingPage.plan.period', { months: plan.periodMonths })}
                  {plan.freeMonths > 0 && ` · ${t('billingPage.plan.freeMonths', { months: plan.freeMonths })}`}
                </Typography>
                {offer && (
                  <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }} data-testid="billing-plan-offer">
                    {offer}
                  </Typography>
                )}
              </Box>
              <Box>
                <Typography variant="subtitle2">
                  {index ? t('billingPage.plan.adds', { plan: nameOf(rows[index - 1].plan) }) : t('billingPage.plan.includes')}
                </Typography>
                {added.length ? (
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="billing-plan-added">
                    {added.map((feature) => (
                      <Typography
                        component="li"
                        variant="body2"
                        key={feature}
                        sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
                      >
                        <Check fontSize="small" color="success" aria-hidden />
                        {tAny(`planFeature.${feature}`)}
                      </Typography>
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('billingPage.plan.noFeatures')}
                  </Typography>
                )}
              </Box>
              <Box component="ul" sx={{ pl: 2.5, m: 0 }} data-testid="billing-plan-limits">
                {limitLines(plan.limits, plan.features).map((line) => (
                  <Typography component="li" variant="body2" key={line.key}>
                    {tAny(line.key, limitValues(line))}
                  </Typography>
                ))}
              </Box>
              <Box sx={{ mt: 'auto', pt: 1 }}>
                {action === 'current' || action === 'booked' ? (
                  <Button fullWidth variant="outlined" disabled data-testid={`billing-plan-${plan.code}-action`}>
                    {action === 'current'
                      ? t('billingPage.plan.current')
                      : t('billingPage.plan.booked', { date: formatDate(subscription.end, language) })}
                  </Button>
                ) : (
                  <Button
                    fullWidth
                    variant={action === 'downgrade' ? 'outlined' : 'contained'}
                    onClick={pick}
                    aria-label={t(buttonText[action].named, { plan: name })}
                    data-testid={`billing-plan-${plan.code}-action`}
                    data-action={action}
                  >
                    {t(buttonText[action].label)}
                  </Button>
                )}
              </Box>
            </Paper>
          )
        })}
      </Box>
    </Box>
  )
}
