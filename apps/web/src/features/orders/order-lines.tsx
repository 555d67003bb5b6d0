import {
  Box,
  Divider,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'
import { lineTitle, type LocaleId, type Order } from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { useQuantityText } from '../../lib/format/quantity'
import { useListT } from '../../lib/i18n/lists'
import { OrderDiscounts } from './order-discounts'
import { orderAmounts } from './order-rules'

/**
 * The products and the figures under them: subtotal, discount, rounding, total, paid, refunded, due. Each
 * line is named as sold, product and SKU together (decision 0139), so the SKU needs no column of its own.
 */
export const OrderLines = ({ order }: { order: Order }) => {
  const { t, language } = useListT()
  const quantity = useQuantityText()
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const amounts = orderAmounts(order)
  const figures: [string, string, number, boolean?][] = [
    ['subtotal', t('order.subtotal'), amounts.subtotal],
    ['discount', t('order.discount'), -amounts.discount],
    ['rounding', t('order.rounding'), amounts.rounding],
    ['total', t('order.total'), amounts.total, true],
    ['paid', t('order.paid'), amounts.paid],
    ['refunded', t('order.refunded'), amounts.refunded],
    ['due', t('order.due'), amounts.due, true]
  ]
  const discountOf = (index: number) => {
    const discount = order.pricing?.lines[index]?.discount
    return discount ? `-${formatMoney(discount)}` : ''
  }
  const figureRows = (span: number) =>
    figures.map(([key, label, value, strong]) => (
      <TableRow key={key}>
        {span > 0 && <TableCell colSpan={span} sx={{ borderBottom: 'none' }} />}
        <TableCell align="right" sx={{ borderBottom: 'none', fontWeight: strong ? 600 : undefined }}>
          {label}
        </TableCell>
        <TableCell align="right" sx={{ borderBottom: 'none', fontWeight: strong ? 600 : undefined }} data-testid={`order-${key}`}>
          {formatMoney(value)}
        </TableCell>
      </TableRow>
    ))
  return (
    <Paper variant="outlined" data-testid="order-lines">
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('order.products')}
      </Typography>
      {phone ? (
        // A phone (decision 0157): one block per line — its name as sold, then quantity × price = total —
        // so nothing is wider than the screen.
        <>
          <Stack divider={<Divider flexItem />} sx={{ px: 2, py: 1 }}>
            {order.products.map((line, index) => (
              <Box key={index} data-testid="order-line" sx={{ py: 1 }}>
                <Typography data-testid="order-line-name" sx={{ overflowWrap: 'anywhere' }}>
                  {lineTitle(line, language as LocaleId)}
                </Typography>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    <span data-testid="order-line-quantity">{quantity(line.quantity, line.unit)}</span> ×{' '}
                    {formatMoney(line.price)}
                  </Typography>
                  <Typography variant="body2">{formatMoney(line.total)}</Typography>
                </Stack>
                {discountOf(index) && (
                  <Typography variant="body2" color="text.secondary">
                    {t('orderPricing.lineDiscount')} <span data-testid="order-line-discount">{discountOf(index)}</span>
                  </Typography>
                )}
                {Boolean(line.returned) && (
                  <Typography variant="body2" color="text.secondary">
                    {t('order.returned')} <span data-testid="order-line-returned">{quantity(line.returned ?? 0, line.unit)}</span>
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
          <Table size="small">
            <TableBody>{figureRows(0)}</TableBody>
          </Table>
        </>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('order.name')}</TableCell>
              <TableCell align="right">{t('order.quantity')}</TableCell>
              <TableCell align="right">{t('order.unitPrice')}</TableCell>
              <TableCell align="right">{t('order.lineTotal')}</TableCell>
              <TableCell align="right">{t('orderPricing.lineDiscount')}</TableCell>
              <TableCell align="right">{t('order.returned')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.products.map((line, index) => (
              <TableRow key={index} data-testid="order-line">
                <TableCell data-testid="order-line-name">{lineTitle(line, language as LocaleId)}</TableCell>
                <TableCell align="right" data-testid="order-line-quantity">
                  {quantity(line.quantity, line.unit)}
                </TableCell>
                <TableCell align="right">{formatMoney(line.price)}</TableCell>
                <TableCell align="right">{formatMoney(line.total)}</TableCell>
                <TableCell align="right" data-testid="order-line-discount">
                  {discountOf(index)}
                </TableCell>
                <TableCell align="right" data-testid="order-line-returned">
                  {quantity(line.returned ?? 0, line.unit)}
                </TableCell>
              </TableRow>
            ))}
            {figureRows(4)}
          </TableBody>
        </Table>
      )}
      <OrderDiscounts order={order} />
    </Paper>
  )
}
