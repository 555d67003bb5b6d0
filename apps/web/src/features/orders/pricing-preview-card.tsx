import { useMemo, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material'
import { servicePaths, shopTimeZone, splitCouponCodes, type LocaleId, type Reason } from '@emporia/shared'
import type { Values } from '../../lib/form-values'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { shopApi, shopRows } from '../../lib/resource-client'
import { useCurrentShop, useCurrentShopId } from '../../lib/shop'
import { codesOf, previewOf, reasonValues, type PreviewProduct } from './pricing-preview'
import { translateKnown } from '../../components/editor/server-refusal'

const useRules = (shop: string | undefined) =>
  useQuery({
    queryKey: [servicePaths.discounts, 'orderPreview', shop],
    enabled: Boolean(shop),
    retry: false,
    queryFn: () => shopRows(servicePaths.discounts, { status: 'valid', avail: { $in: ['pos', 'both'] }, $limit: 500 })
  })

/** The order's products (their prices, rules' categories and units), one query for the form and its preview. */
export const useOrderProducts = (shop: string | undefined, ids: string[]) =>
  useQuery({
    queryKey: [servicePaths.products, 'orderPreview', shop, ids],
    enabled: Boolean(shop && ids.length),
    queryFn: (): Promise<PreviewProduct[]> => shopRows(servicePaths.products, { _id: { $in: ids }, $limit: ids.length })
  })

const useCustomer = (id: string | undefined) =>
  useQuery({
    queryKey: [servicePaths.shopUsers, 'get', id],
    enabled: Boolean(id),
    queryFn: () => shopApi(servicePaths.shopUsers).get(id!)
  })

/**
 * The new order's discounts as the merchant types (its values normalized as they will be sent) (decision 0092): the engine run here on the shop's
 * rules, what applies and why, what does not and why, and "Add $X to get $Y off". The server prices
 * the order again when it is created; a cashier who may not read the rules sees only that note.
 */
export const PricingPreviewCard = ({ values }: { values: Values }) => {
  const { t, tAny, language } = useListT()
  const shopId = useCurrentShopId()
  const shop = useCurrentShop(Boolean(shopId))
  const lines = (values.products as Values[] | undefined) ?? []
  const ids = [...new Set(lines.map((line) => String(line.product ?? '')).filter(Boolean))].sort()
  const rules = useRules(shopId)
  const products = useOrderProducts(shopId, ids)
  const user = typeof values.user === 'string' && values.user ? values.user : undefined
  const customer = useCustomer(user)
  const evaluation = useMemo(() => {
    if (!rules.data || !products.data) return null
    return previewOf(values, {
      rules: rules.data,
      products: new Map(products.data.map((product) => [product._id, product])),
      customer: user ? { id: user, rank: customer.data?.rank ?? null } : null,
      now: new Date().toISOString(),
      timeZone: shopTimeZone(shop as { timeZone?: string | null } | undefined)
    })
  }, [values, rules.data, products.data, user, customer.data, shop])

  const names = new Map(
    (rules.data ?? []).map((rule) => [rule._id, resolveText(rule.name as Translatable, language as LocaleId, tAny)])
  )
  const text = (reason: Reason) =>
    translateKnown(
      reason.key,
      reasonValues(reason, (cents) => formatMoney(cents))
    ) ?? reason.key
  // Issued coupons are checked when the order is made; rule codes compare alike (decision 0139).
  const laterCodes = splitCouponCodes(codesOf(values.coupons), rules.data ?? []).others.length > 0
  const manual = typeof values.discount === 'number' ? values.discount : 0

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-pricing-preview">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('orderPricing.preview')}
      </Typography>
      {rules.isError ? (
        <Typography color="text.secondary">{t('orderPricing.rulesOff')}</Typography>
      ) : rules.isLoading || (ids.length > 0 && products.isLoading) ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={16} />
          <Typography color="text.secondary">{t('orderPricing.loading')}</Typography>
        </Box>
      ) : !evaluation || (!evaluation.applied.length && !evaluation.rejected.length && !evaluation.suggestions.length) ? (
        <Typography color="text.secondary" data-testid="order-pricing-none">
          {t('orderPricing.none')}
        </Typography>
      ) : (
        <>
          <Section title={t('orderPricing.applied')} testId="order-pricing-applied">
            {evaluation.applied.map((applied) => (
              <ListItem key={applied.rule} disableGutters secondaryAction={<span>-{formatMoney(applied.amount)}</span>}>
                <ListItemText primary={names.get(applied.rule) ?? applied.rule} secondary={text(applied.why)} />
              </ListItem>
            ))}
          </Section>
          <Section title={t('orderPricing.rejected')} testId="order-pricing-rejected">
            {evaluation.rejected.map((rejected) => (
              <ListItem key={rejected.rule} disableGutters>
                <ListItemText primary={names.get(rejected.rule) ?? rejected.rule} secondary={text(rejected.reason)} />
              </ListItem>
            ))}
          </Section>
          {evaluation.suggestions.map((suggestion) => (
            <Alert key={suggestion.rule} severity="info" sx={{ mt: 1 }} data-testid="order-pricing-suggestion">
              {text(suggestion.message)}
            </Alert>
          ))}
        </>
      )}
      {evaluation && (
        <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="order-pricing-estimate">
          {t('orderPricing.estimate')}: {formatMoney(Math.max(0, evaluation.total - manual))}
        </Typography>
      )}
      {laterCodes && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('orderPricing.couponsLater')}
        </Typography>
      )}
    </Paper>
  )
}

const Section = ({ title, testId, children }: { title: string; testId: string; children: ReactNode[] }) =>
  children.length ? (
    <Box data-testid={testId}>
      <Typography variant="overline">{title}</Typography>
      <List dense disablePadding>
        {children}
      </List>
    </Box>
  ) : null
