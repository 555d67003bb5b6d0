import { Button } from '@mui/material'
import { AppLink } from '../ui/app-link'
import { useListT } from '../../lib/i18n/lists'

/** The refusal of cash while the shop's drawer is not counted open (decision 0153). */
export const COUNT_SHOP_DRAWER_KEY = 'cash.countShopDrawerFirst'

export const needsShopDrawerCount = (error: unknown): boolean =>
  (error as { data?: { key?: unknown } } | undefined)?.data?.key === COUNT_SHOP_DRAWER_KEY

/**
 * Where the shop's drawer is counted open: the cashbox log's new check, an opening count of the shop's
 * drawer by default. Shown beside the refusal of a back-office cash payment or refund.
 */
export const CountDrawerLink = ({ error }: { error: unknown }) => {
  const { t } = useListT()
  if (!needsShopDrawerCount(error)) return null
  return (
    <Button
      component={AppLink}
      href="/cashboxLogs/edit"
      color="inherit"
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      data-testid="count-drawer-link"
    >
      {t('cashCheck.countShopDrawer')}
    </Button>
  )
}
