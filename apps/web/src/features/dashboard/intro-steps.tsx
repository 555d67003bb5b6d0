import { Button, Card, CardContent, Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { introProgress, introSteps } from './intro-progress'
import { useIntroFacts } from './intro-progress-api'

const labels: Record<(typeof introSteps)[number]['key'], AnyMessageKey> = {
  shop: 'dashboard.step.shop',
  product: 'dashboard.step.product',
  payment: 'dashboard.step.payment',
  shipping: 'dashboard.step.shipping'
}

/**
 * The intro steps of spec §2.7 and a delivery step (decision 0152); each opens the screen that does it
 * and is ticked once the shop's data shows it done.
 */
export const IntroSteps = () => {
  const { t } = useListT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const facts = useIntroFacts(shop).data
  const done = facts && shop ? introProgress({ ...facts, settings: shop }) : undefined
  return (
    <Card variant="outlined" data-testid="intro-steps">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('dashboard.intro')}
        </Typography>
        <Stepper orientation="vertical" nonLinear activeStep={-1}>
          {introSteps.map((step) => {
            const ticked = done?.[step.key] === true
            return (
              <Step
                key={step.key}
                expanded
                completed={ticked}
                data-testid={`intro-step-${step.key}`}
                data-done={done ? String(ticked) : undefined}
              >
                <StepLabel optional={ticked ? <Typography variant="caption">{t('dashboard.step.done')}</Typography> : undefined}>
                  {t(labels[step.key])}
                </StepLabel>
                {!ticked && (
                  <StepContent>
                    <Button size="small" component={AppLink} href={step.href}>
                      {t('dashboard.step.go')}
                    </Button>
                  </StepContent>
                )}
              </Step>
            )
          })}
        </Stepper>
      </CardContent>
    </Card>
  )
}
