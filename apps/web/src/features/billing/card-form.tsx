import { useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material'
import type { Subscription } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { formatMoney } from '../../lib/format'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { refreshSubscription, type CheckoutAnswer } from './billing-api'
import { loadCardScript, paymentOutcome, type CardElement, type CardPaymentResult, type CardProvider } from './card-script'

interface CardFormProps {
  checkout: CheckoutAnswer
  /** The card paid and the subscription was read again. */
  onPaid: (subscription: Subscription) => void
  /** Paying is under way: the dialog must not close under it. */
  onBusy: (busy: boolean) => void
}

const stripeLocale: Record<string, string> = { en: 'en', cht: 'zh-HK', chs: 'zh' }

type Phase = 'loading' | 'ready' | 'paying' | 'unavailable'

/**
 * Pays a checkout's charge by card (decision 0129): the provider's own card field (its script from the
 * address the checkout names, loaded once), `confirmCardPayment` with the checkout's client secret, then
 * `billing/refresh` so the screen shows what the payment changed. One payment at a time.
 */
export const CardForm = ({ checkout, onPaid, onBusy }: CardFormProps) => {
  const { t, language } = useListT()
  const spot = useRef<HTMLDivElement>(null)
  const provider = useRef<{ stripe: CardProvider; card: CardElement }>(undefined)
  const paying = useRef(false)
  const [phase, setPhase] = useState<Phase>('loading')
  // A message key (ours) or a text (the provider's words, the server's message), shown in the current language.
  const [problem, setProblem] = useState<{ key: AnyMessageKey } | { text: string }>()
  const { scriptUrl, publishableKey, clientSecret } = checkout

  // A checkout without the platform's card keys cannot be paid here (the operator has not set them up).
  const configured = Boolean(scriptUrl && publishableKey)

  useEffect(() => {
    if (!scriptUrl || !publishableKey) return
    let gone = false
    loadCardScript(scriptUrl)
      .then((factory) => {
        if (gone || !spot.current) return
        // Stripe.js words its card errors in the interface's language.
        const stripe = factory(publishableKey, { locale: stripeLocale[language] ?? 'auto' })
        const card = stripe.elements().create('card')
        spot.current.replaceChildren()
        card.mount(spot.current)
        provider.current = { stripe, card }
        setPhase('ready')
        // The button that opened the card step is gone: the keyboard goes on in the card field.
        if (card.focus) card.focus()
        else spot.current.querySelector('input')?.focus()
      })
      .catch(() => {
        if (gone) return
        setPhase('unavailable')
        setProblem({ key: 'billingPage.pay.scriptFailed' })
      })
    return () => {
      gone = true
      provider.current?.card.destroy?.()
      provider.current = undefined
    }
    // The card field is mounted once per checkout: a language change keeps what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scriptUrl, publishableKey])

  const pay = async () => {
    const mounted = provider.current
    if (paying.current || !mounted || !clientSecret) return
    paying.current = true
    onBusy(true)
    setPhase('paying')
    setProblem(undefined)
    try {
      const result = await mounted.stripe
        .confirmCardPayment(clientSecret, { payment_method: { card: mounted.card } })
        .catch((): CardPaymentResult => ({ error: { type: 'api_connection_error' } }))
      if (paymentOutcome(result) === 'failed') {
        // The provider's own words for a card problem ("Your card was declined."), ours otherwise.
        const message = result.error?.message
        setProblem(
          message
            ? { text: message }
            : { key: result.error?.type === 'api_connection_error' ? 'billingPage.pay.connection' : 'billingPage.pay.failed' }
        )
        setPhase('ready')
        return
      }
      onPaid(await refreshSubscription())
    } catch (error) {
      setProblem({ text: errorMessage(error) })
      setPhase('ready')
    } finally {
      paying.current = false
      onBusy(false)
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" data-testid="billing-pay-amount">
        {t('billingPage.pay.amount', { amount: formatMoney(checkout.amount, 'HK$') })}
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary" component="p" id="billing-card-label">
          {t('billingPage.pay.card')}
        </Typography>
        <Box
          ref={spot}
          role="group"
          aria-labelledby="billing-card-label"
          data-testid="billing-card-field"
          sx={{
            mt: 0.5,
            p: 1.5,
            minHeight: 44,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` }
          }}
        />
        {configured && phase === 'loading' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
            <CircularProgress size={14} sx={{ mr: 1, verticalAlign: 'middle' }} />
            {t('billingPage.pay.loadingCard')}
          </Typography>
        )}
      </Box>
      {!configured && (
        <Alert severity="error" data-testid="billing-pay-error" role="alert">
          {t('billingPage.pay.notConfigured')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" data-testid="billing-pay-error" role="alert">
          {'key' in problem ? t(problem.key) : problem.text}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          size="large"
          onClick={() => void pay()}
          disabled={phase !== 'ready'}
          data-testid="billing-pay"
          startIcon={phase === 'paying' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {phase === 'paying'
            ? t('billingPage.pay.paying')
            : t('billingPage.pay.pay', { amount: formatMoney(checkout.amount, 'HK$') })}
        </Button>
      </Box>
    </Stack>
  )
}
