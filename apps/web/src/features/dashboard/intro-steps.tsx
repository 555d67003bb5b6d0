import { Button, Card, CardContent, Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import type { MessageKey } from '../../lib/i18n/resources/en'
import { useT } from '../../lib/i18n/i18n'

const steps: { label: MessageKey; href: string; key: string }[] = [
  { key: 'shop', label: 'dashboard.step.shop', href: '/eshop' },
  { key: 'product', label: 'dashboard.step.product', href: '/products/edit' },
  { key: 'payment', label: 'dashboard.step.payment', href: '/settings/payment' }
]

/** The three intro steps of spec §2.7; each opens the screen that does it. */
export const IntroSteps = () => {
  const { t } = useT()
  return (
    <Card variant="outlined" data-testid="intro-steps">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('dashboard.intro')}
        </Typography>
        <Stepper orientation="vertical" nonLinear activeStep={-1}>
          {steps.map((step) => (
            <Step key={step.key} expanded data-testid={`intro-step-${step.key}`}>
              <StepLabel>{t(step.label)}</StepLabel>
              <StepContent>
                <Button size="small" component={AppLink} href={step.href}>
                  {t('dashboard.step.go')}
                </Button>
              </StepContent>
            </Step>
          ))}
        </Stepper>
      </CardContent>
    </Card>
  )
}
