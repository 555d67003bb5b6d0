import { Box, List, ListItem, ListItemText, Typography } from '@mui/material'
import type { LocaleId, Order, Reason } from '@emporia/shared'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { reasonValues } from './pricing-preview'
import { translateKnown } from '../../components/editor/server-refusal'

/**
 * The discounts an order was priced with, as it kept them (decision 0092): each rule's name as it was
 * then, what it took off and why, points used, and the manual discount with its approval. Rules changed
 * since are not read: the order's price never changes.
 */
export const OrderDiscounts = ({ order }: { order: Order }) => {
  const { t, tAny, language } = useListT()
  const pricing = order.pricing
  if (!pricing || (!pricing.applied.length && !pricing.manual)) return null
  const why = (reason: Reason) =>
    translateKnown(
      reason.key,
      reasonValues(reason, (cents) => formatMoney(cents))
    ) ?? ''
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="order-discounts">
      <Typography variant="subtitle2">{t('orderPricing.storedTitle')}</Typography>
      <List dense disablePadding>
        {pricing.applied.map((applied, index) => (
          <ListItem
            key={`${applied.rule}-${index}`}
            disableGutters
            secondaryAction={<span>-{formatMoney(applied.amount)}</span>}
            data-testid="order-discount-applied"
          >
            <ListItemText
              primary={applied.name ? resolveText(applied.name as Translatable, language as LocaleId, tAny) : applied.rule}
              secondary={[
                why(applied.why as Reason),
                applied.pointsUsed ? t('orderPricing.pointsUsed', { points: applied.pointsUsed.points }) : '',
                applied.coupon ?? ''
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
        {pricing.manual && (
          <ListItem
            disableGutters
            secondaryAction={<span>-{formatMoney(pricing.manual.amount)}</span>}
            data-testid="order-discount-manual"
          >
            <ListItemText
              primary={t('orderPricing.manual')}
              secondary={pricing.manual.approvedBy ? t('orderPricing.approvedBy') : undefined}
            />
          </ListItem>
        )}
      </List>
    </Box>
  )
}
