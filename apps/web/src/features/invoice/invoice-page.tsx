import type { ReactNode } from 'react'
import { Box, CircularProgress, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useMatches, useParams } from '@tanstack/react-router'
import { lineTitle, servicePaths, type LocaleId, type Order, type Payment } from '@emporia/shared'
import { RecordItemText } from '../../components/fields/record-item-field'
import { formatMoney } from '../../lib/format'
import { useQuantityText } from '../../lib/format/quantity'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { paymentMethodText } from '../../lib/order-labels'
import { useCurrentShop } from '../../lib/shop'
import { usePeopleNames } from '../../lib/staff-names'
import { formatReceiptTime } from '../../lib/pos-hardware/receipt-order'
import { useInvoice } from './invoice-api'

/** The shop's receipt layout (`invoiceType`, spec §9.8): `long` adds item codes, returns and transaction ids. */
export const invoiceTypeOf = (shop: unknown): 'normal' | 'long' =>
  (shop as { invoiceType?: unknown } | undefined)?.invoiceType === 'long' ? 'long' : 'normal'

const Cell = ({ children, right, strong }: { children?: ReactNode; right?: boolean; strong?: boolean }) => (
  <TableCell align={right ? 'right' : 'left'} sx={{ fontWeight: strong ? 600 : undefined, py: 0.5 }}>
    {children}
  </TableCell>
)

/**
 * The printable invoice (spec §2.2 o/{id} and p/{id}, §3.11): the shop's header, the order's number,
 * time, staff and customer, its products, the figures and the payments with cash received and change,
 * and the footer. A payment's invoice is its order's.
 */
export const InvoicePage = () => {
  const { t, tAny, language } = useListT()
  const shop = useCurrentShop(true)
  const { id } = useParams({ strict: false }) as { id?: string }
  const kind = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) === 'p' ? 'p' : 'o'
  const invoice = useInvoice(kind, id)
  const type = invoiceTypeOf(shop)
  const lang = language as LocaleId
  if (id && (invoice.isPending || !shop))
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress />
      </Box>
    )
  const data = invoice.data
  const shopName = shop ? resolveText(shop.name, lang, tAny) : t('app.name')
  return (
    <Box data-testid="invoice" data-type={type} sx={{ fontSize: 14 }}>
      <Box sx={{ textAlign: 'center', mb: 2 }} data-testid="invoice-header">
        <Typography variant="h5">{shopName}</Typography>
        {shop?.location && <Typography variant="body2">{shop.location}</Typography>}
        <Typography variant="body2">
          {[shop?.phone && `${t('invoice.phone')}: ${shop.phone}`, shop?.shopEmail && `${t('invoice.email')}: ${shop.shopEmail}`]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t(`route.${kind}` as const)}
      </Typography>
      {data ? (
        <InvoiceBody order={data.order} payments={data.payments} type={type} />
      ) : (
        <Typography color="text.secondary" sx={{ my: 4 }} data-testid="invoice-missing">
          {t('invoice.missing')}
        </Typography>
      )}
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" align="center" data-testid="invoice-footer">
        {t('invoice.footer')}
      </Typography>
      {type === 'long' && (
        <Typography variant="caption" component="p" align="center" color="text.secondary">
          {t('invoice.printedAt', { date: formatReceiptTime(new Date(), shop?.timeZone) })}
        </Typography>
      )}
    </Box>
  )
}

const InvoiceBody = ({ order, payments, type }: { order: Order; payments: Payment[]; type: 'normal' | 'long' }) => {
  const { t, language } = useListT()
  const quantity = useQuantityText()
  const names = usePeopleNames()
  const shop = useCurrentShop(true)
  const lang = language as LocaleId
  const long = type === 'long'
  const columns = long ? 6 : 4
  const facts: [string, string, string][] = [
    ['orderNo', t('invoice.orderNo'), order.orderId],
    ['orderRef', t('invoice.orderRef'), order._id],
    // The shop's wall clock, as the till's receipt prints it (decision 0141).
    ['date', t('invoice.date'), formatReceiptTime(order.date, shop?.timeZone)],
    ['staff', t('invoice.staff'), names.staff(order.admin)],
    ...(order.cashier ? [['cashier', t('invoice.cashier'), names.cashier(order.cashier)] as [string, string, string]] : []),
    ['customer', t('invoice.customer'), [order.customer?.name, order.customer?.phone].filter(Boolean).join(' · ')]
  ]
  const figures: [string, number | undefined, boolean?][] = [
    [t('invoice.subtotal'), order.subtotal],
    ...(order.discount ? [[t('invoice.discount'), -order.discount] as [string, number]] : []),
    ...(order.rounding ? [[t('invoice.rounding'), order.rounding] as [string, number]] : []),
    [t('invoice.total'), order.total, true],
    [t('invoice.paid'), order.amount],
    ...(order.refund ? [[t('invoice.refunded'), -order.refund] as [string, number]] : [])
  ]
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3, rowGap: 0.5, mb: 2 }} data-testid="invoice-facts">
        {facts.map(([key, label, value]) => (
          <Typography key={key} variant="body2">
            <b>{label}:</b> <span data-testid={`invoice-${key}`}>{value || '-'}</span>
          </Typography>
        ))}
      </Box>
      <Table size="small" data-testid="invoice-products">
        <TableHead>
          <TableRow>
            <Cell strong>{t('invoice.item')}</Cell>
            {long && <Cell strong>{t('invoice.code')}</Cell>}
            <Cell right strong>
              {t('invoice.quantity')}
            </Cell>
            <Cell right strong>
              {t('invoice.price')}
            </Cell>
            {long && (
              <Cell right strong>
                {t('invoice.returned')}
              </Cell>
            )}
            <Cell right strong>
              {t('invoice.amount')}
            </Cell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.products.map((line, index) => (
            <TableRow key={index} data-testid="invoice-line">
              <Cell>{lineTitle(line, lang)}</Cell>
              {long && (
                <Cell>
                  {line.sku ? <RecordItemText path={servicePaths.products} id={line.product} list="skus" item={line.sku} /> : ''}
                </Cell>
              )}
              <Cell right>{quantity(line.quantity, line.unit)}</Cell>
              <Cell right>{formatMoney(line.price)}</Cell>
              {long && <Cell right>{quantity(line.returned ?? 0, line.unit)}</Cell>}
              <Cell right>{formatMoney(line.total)}</Cell>
            </TableRow>
          ))}
          {figures.map(([label, value, strong]) => (
            <TableRow key={label}>
              <TableCell
                colSpan={columns - 1}
                align="right"
                sx={{ borderBottom: 'none', py: 0.25, fontWeight: strong ? 600 : undefined }}
              >
                {label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ borderBottom: 'none', py: 0.25, fontWeight: strong ? 600 : undefined }}
                data-testid={strong ? 'invoice-total' : undefined}
              >
                {formatMoney(value ?? 0)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {payments.length > 0 && <InvoicePayments payments={payments} long={long} />}
    </>
  )
}

const InvoicePayments = ({ payments, long }: { payments: Payment[]; long: boolean }) => {
  const { t } = useListT()
  // Cancelled and still-pending payments took no money: the customer's copy shows what was paid and given back.
  const shown = payments.filter((payment) => payment.status === 'paid' || payment.status === 'refunded')
  if (!shown.length) return null
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('invoice.payments')}</Typography>
      <Table size="small" data-testid="invoice-payments">
        <TableHead>
          <TableRow>
            <Cell strong>{t('invoice.method')}</Cell>
            {long && <Cell strong>{t('invoice.tranID')}</Cell>}
            <Cell right strong>
              {t('invoice.amount')}
            </Cell>
            <Cell right strong>
              {t('invoice.received')}
            </Cell>
            <Cell right strong>
              {t('invoice.change')}
            </Cell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((payment) => (
            <TableRow key={payment._id} data-testid="invoice-payment">
              <Cell>{paymentMethodText(payment, t)}</Cell>
              {long && <Cell>{payment.tranID}</Cell>}
              <Cell right>{formatMoney(payment.amount)}</Cell>
              <Cell right>{typeof payment.received === 'number' ? formatMoney(payment.received) : ''}</Cell>
              <Cell right>{typeof payment.change === 'number' ? formatMoney(payment.change) : ''}</Cell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}
