import { useState } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import type { Plan, PlanFeature, Subscription } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { formatDate, formatMoney } from '../../lib/format'
import { resolveText } from '../../lib/i18n/translatable'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { showSubscription, startCheckout, type CheckoutAnswer } from './billing-api'
import { checkoutErrorKey } from './billing-view'
import { CardForm } from './card-form'

/** What the merchant asked for: a plan (choose, upgrade, downgrade) or the next period (renew). */
export interface PayIntent {
  kind: 'choose' | 'upgrade' | 'downgrade' | 'keep' | 'renew'
  plan: Plan
  /** The screen's own reckoning of the amount; the server's checkout amount is the one paid. */
  preview: number
  /** What a downgrade switches off. */
  losses: PlanFeature[]
}

interface PayDialogProps {
  intent: PayIntent | null
  subscription: Subscription
  onClose: () => void
}

const titles: Record<PayIntent['kind'], AnyMessageKey> = {
  choose: 'billingPage.pay.titleChoose',
  upgrade: 'billingPage.pay.titleUpgrade',
  downgrade: 'billingPage.pay.titleDowngrade',
  keep: 'billingPage.pay.titleKeep',
  renew: 'billingPage.pay.titleRenew'
}

/** A refusal in the screen's own words where it has them (no card account, no billing info, …), else the server's. */
const refusalText = (error: unknown, tAny: (key: string) => string) => {
  const own = checkoutErrorKey((error as { data?: { key?: string } }).data?.key)
  return own ? tAny(own) : errorMessage(error)
}

/**
 * Choosing, changing or renewing a plan (spec §3.14 change, renew): what it costs (or, for a downgrade,
 * which features go and when), then the checkout, then the card. Nothing to pay (a downgrade, a free
 * period) ends at the checkout.
 */
export const PayDialog = ({ intent, subscription, onClose }: PayDialogProps) => {
  const { t, tAny, language } = useListT()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const queryClient = useQueryClient()
  const [checkout, setCheckout] = useState<CheckoutAnswer>()
  const [asking, setAsking] = useState(false)
  const [paying, setPaying] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [shownFor, setShownFor] = useState<PayIntent | null>(null)
  // A new intent starts afresh (React's way to reset state on a prop change, without an effect).
  if (shownFor !== intent) {
    setShownFor(intent)
    setCheckout(undefined)
    setProblem(undefined)
    setAsking(false)
  }
  if (!intent) return null
  const planName = resolveText(intent.plan.name, language, tAny)
  // Paying writes an invoice, and an invoice needs the billing info: the server asks for it first.
  const needsInfo = intent.kind !== 'downgrade' && intent.kind !== 'keep' && !subscription.billingInfo
  const money = (cents: number) => formatMoney(cents, 'HK$')
  const close = () => {
    if (!asking && !paying) onClose()
  }

  const confirm = async () => {
    if (asking) return
    setAsking(true)
    setProblem(undefined)
    try {
      const answer = await startCheckout(
        intent.kind === 'renew' ? { action: 'renew' } : { action: 'change', plan: intent.plan.code }
      )
      if (answer.charge && answer.clientSecret && answer.amount > 0) {
        setCheckout(answer)
        return
      }
      // Nothing to pay: a downgrade booked for the period end, or a free period started.
      showSubscription(queryClient, answer.subscription)
      notifySuccess(
        t(
          intent.kind === 'downgrade'
            ? 'billingPage.pay.booked'
            : intent.kind === 'keep'
              ? 'billingPage.pay.kept'
              : 'billingPage.pay.nothingDue'
        )
      )
      onClose()
    } catch (error) {
      setProblem(refusalText(error, tAny))
    } finally {
      setAsking(false)
    }
  }

  const toInfo = () => {
    onClose()
    // After the dialog has given the focus back: the form's first empty field takes it.
    setTimeout(() => {
      const form = document.querySelector<HTMLElement>('[data-testid="billing-info"]')
      form?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      const empty = [...(form?.querySelectorAll<HTMLInputElement>('input[required]') ?? [])].find((input) => !input.value)
      empty?.focus({ preventScroll: true })
    }, 0)
  }

  const paid = (next: Subscription) => {
    showSubscription(queryClient, next)
    notifySuccess(t('billingPage.pay.paid'))
    onClose()
  }

  return (
    <Dialog
      open
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      data-testid="billing-pay-dialog"
      aria-labelledby="billing-pay-title"
    >
      <DialogTitle id="billing-pay-title">{t(titles[intent.kind], { plan: planName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {!checkout && intent.kind === 'downgrade' && (
            <>
              <Typography data-testid="billing-downgrade-text">
                {t('billingPage.pay.downgradeText', { plan: planName, date: formatDate(subscription.end, language) })}
              </Typography>
              {intent.losses.length ? (
                <>
                  <Typography>{t('billingPage.pay.losing')}</Typography>
                  <List dense disablePadding data-testid="billing-downgrade-losses" aria-label={t('billingPage.pay.losing')}>
                    {intent.losses.map((feature) => (
                      <ListItem key={feature} sx={{ display: 'list-item', listStyle: 'disc', ml: 3, pl: 0 }}>
                        {tAny(`planFeature.${feature}`)}
                      </ListItem>
                    ))}
                  </List>
                </>
              ) : (
                <Typography>{t('billingPage.pay.losingNone')}</Typography>
              )}
            </>
          )}
          {!checkout && intent.kind === 'keep' && (
            <Typography data-testid="billing-keep-text">
              {t('billingPage.pay.keepText', { plan: planName, date: formatDate(subscription.end, language) })}
            </Typography>
          )}
          {!checkout && intent.kind !== 'downgrade' && intent.kind !== 'keep' && (
            <>
              <Typography data-testid="billing-pay-preview">
                {intent.preview > 0
                  ? t('billingPage.pay.preview', { amount: money(intent.preview) })
                  : t('billingPage.pay.previewFree')}
              </Typography>
              {needsInfo && (
                <Alert severity="warning" data-testid="billing-pay-needs-info">
                  {t('billingPage.pay.infoFirst')}
                </Alert>
              )}
            </>
          )}
          {checkout && <CardForm checkout={checkout} onPaid={paid} onBusy={setPaying} />}
          {problem && (
            <Alert severity="error" role="alert" data-testid="billing-checkout-error">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={asking || paying} data-testid="billing-pay-cancel">
          {t('billingPage.pay.cancel')}
        </Button>
        {!checkout && needsInfo && (
          <Button variant="contained" onClick={toInfo} data-testid="billing-pay-to-info">
            {t('billingPage.pay.toInfo')}
          </Button>
        )}
        {!checkout && !needsInfo && (
          <Button
            variant="contained"
            color={intent.kind === 'downgrade' ? 'warning' : 'primary'}
            onClick={() => void confirm()}
            disabled={asking}
            startIcon={asking ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="billing-pay-confirm"
          >
            {t(
              intent.kind === 'downgrade'
                ? 'billingPage.pay.confirmDowngrade'
                : intent.kind === 'keep'
                  ? 'billingPage.pay.confirmKeep'
                  : intent.preview > 0
                    ? 'billingPage.pay.continue'
                    : 'billingPage.pay.confirm'
            )}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
