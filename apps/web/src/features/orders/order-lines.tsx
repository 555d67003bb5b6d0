import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { lineTitle, servicePaths, type LocaleId, type Order } from '@emporia/shared'
import { RecordItemText } from '../../components/fields/record-item-field'
import { formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { OrderDiscounts } from './order-discounts'
import { orderAmounts } from './order-rules'

/** The products and the figures under them: subtotal, discount, rounding, total, paid, refunded, due. */
export const OrderLines = ({ order }: { order: Order }) => {
  const { t, language } = useListT()
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
  return (
    <Paper variant="outlined" data-testid="order-lines">
      <Typography variant="h6" sx={{ px: 2, pt: 2 }}>
        {t('order.products')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('order.name')}</TableCell>
            <TableCell>{t('product.sku')}</TableCell>
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
              <TableCell>
                {line.sku ? <RecordItemText path={servicePaths.products} id={line.product} list="skus" item={line.sku} /> : ''}
              </TableCell>
              <TableCell align="right" data-testid="order-line-quantity">
                {line.quantity}
              </TableCell>
              <TableCell align="right">{formatMoney(line.price)}</TableCell>
              <TableCell align="right">{formatMoney(line.total)}</TableCell>
              <TableCell align="right" data-testid="order-line-discount">
                {order.pricing?.lines[index]?.discount ? `-${formatMoney(order.pricing.lines[index].discount)}` : ''}
              </TableCell>
              <TableCell align="right" data-testid="order-line-returned">
                {line.returned ?? 0}
              </TableCell>
            </TableRow>
          ))}
          {figures.map(([key, label, value, strong]) => (
            <TableRow key={key}>
              <TableCell colSpan={5} sx={{ borderBottom: 'none' }} />
              <TableCell align="right" sx={{ borderBottom: 'none', fontWeight: strong ? 600 : undefined }}>
                {label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ borderBottom: 'none', fontWeight: strong ? 600 : undefined }}
                data-testid={`order-${key}`}
              >
                {formatMoney(value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <OrderDiscounts order={order} />
    </Paper>
  )
}
