import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sellReadiness, servicePaths } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { useListT } from '../../lib/i18n/lists'
import { shopsKey, useCurrentShop } from '../../lib/shop'
import { countShippingMethods, offerPickUp } from './eshop-api'

/**
 * The wizard's last word (decision 0152): whether customers can check out. Until the shop has a way to
 * pay and a way to get the goods it says so, with the way on: cash on pick-up in one click (both at
 * once), the payment settings, a new shipping method.
 */
export const SellReadinessPanel = () => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const queryClient = useQueryClient()
  const methods = useQuery({
    queryKey: [servicePaths.shippingMethods, 'count', shop?._id],
    enabled: Boolean(shop),
    staleTime: 0,
    queryFn: () => countShippingMethods(shop!._id)
  })
  const pickUp = useMutation({
    mutationFn: () => offerPickUp(shop!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsKey })
  })
  if (!shop || methods.data === undefined) return null
  const readiness = sellReadiness(shop, methods.data)
  if (readiness.ready)
    return (
      <Alert severity="success" data-testid="wizard-sell-ready">
        {t('wizard.sellReady')}
      </Alert>
    )
  return (
    <Alert severity="warning" data-testid="wizard-sell-missing">
      <AlertTitle>{t('wizard.sellTitle')}</AlertTitle>
      <Typography variant="body2">{t('wizard.sellBody')}</Typography>
      <Stack component="ul" sx={{ pl: 2, my: 1 }}>
        {!readiness.payment && (
          <li data-testid="wizard-sell-no-payment">
            <Typography variant="body2">{t('wizard.sellPayment')}</Typography>
          </li>
        )}
        {!readiness.delivery && (
          <li data-testid="wizard-sell-no-delivery">
            <Typography variant="body2">{t('wizard.sellDelivery')}</Typography>
          </li>
        )}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          disabled={pickUp.isPending}
          onClick={() => pickUp.mutate()}
          data-testid="wizard-sell-pickup"
        >
          {t('wizard.sellPickUp')}
        </Button>
        {!readiness.payment && (
          <Button size="small" variant="outlined" component={AppLink} href="/settings/payment" data-testid="wizard-sell-payment">
            {t('wizard.sellSetPayment')}
          </Button>
        )}
        {!readiness.delivery && (
          <Button
            size="small"
            variant="outlined"
            component={AppLink}
            href="/settings/shippingMethods/edit"
            data-testid="wizard-sell-shipping"
          >
            {t('wizard.sellAddShipping')}
          </Button>
        )}
      </Stack>
    </Alert>
  )
}
