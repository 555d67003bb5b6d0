import type { ReactNode } from 'react'
import { Box, GlobalStyles, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import {
  servicePaths,
  subsequentTotals,
  type CompanyUser,
  type LocaleId,
  type SubsequentOrder,
  type SubsequentPaymentMethod
} from '@emporia/shared'
import { RecordItemText } from '../fields/record-item-field'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'
import { subsequentMethodLabels, type OrderKind } from './order-values'
import { useRecord, type OrderStatusPath } from './subsequent-api'

/**
 * An order's figures as printed: the server's stored ones (amount, paymentAmount, shortage, line
 * totals), or the shared rule's where a record has none yet.
 */
export const orderFigures = (order: SubsequentOrder, company?: CompanyUser | null) => {
  const computed = subsequentTotals(order, company ?? null)
  return {
    lineTotals: order.products.map((line, index) => line.total ?? computed.lineTotals[index]),
    amount: order.amount ?? computed.totalAmount,
    paid: order.paymentAmount ?? computed.totalPayment,
    shortage: order.shortage ?? computed.shortage,
    dueDate: order.dueDate ?? computed.dueDate
  }
}

/** Printing shows only the sheet: the app's bars and buttons stay on screen. */
export const PrintOnlySheet = () => (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '[data-print-sheet], [data-print-sheet] *': { visibility: 'visible' },
        '[data-print-sheet]': { position: 'absolute', left: 0, top: 0, width: '100%', boxShadow: 'none !important' }
      },
      '@page': { size: 'A4', margin: '12mm' }
    }}
  />
)

export const SheetCell = ({
  children,
  right,
  strong,
  testId
}: {
  children?: ReactNode
  right?: boolean
  strong?: boolean
  testId?: string
}) => (
  <TableCell align={right ? 'right' : 'left'} sx={{ fontWeight: strong ? 600 : undefined, py: 0.5 }} data-testid={testId}>
    {children}
  </TableCell>
)

/** The shop's name and contacts at the top of a printed sheet (as the invoice's). */
export const ShopHeader = () => {
  const { t, tAny, language } = useListT()
  const shop = useCurrentShop(true)
  return (
    <Box sx={{ textAlign: 'center', mb: 2 }} data-testid="sheet-shop">
      <Typography variant="h5">{shop ? resolveText(shop.name, language as LocaleId, tAny) : t('app.name')}</Typography>
      {shop?.location && <Typography variant="body2">{shop.location}</Typography>}
      <Typography variant="body2">
        {[shop?.phone && `${t('invoice.phone')}: ${shop.phone}`, shop?.shopEmail && `${t('invoice.email')}: ${shop.shopEmail}`]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  )
}

const ProductName = ({ line }: { line: SubsequentOrder['products'][number] }) => {
  const { tAny, language } = useListT()
  const product = useRecord(servicePaths.products, line.name ? undefined : line.product)
  const name = (line.name ?? product.data?.name) as Translatable | undefined
  return <>{name ? resolveText(name, language as LocaleId, tAny) : ''}</>
}

/** One subsequent-payment order, read-only (spec §3.11 view): header, lines, totals, payments. */
export const OrderSheet = ({
  order,
  kind,
  statusPath
}: {
  order: SubsequentOrder
  kind: OrderKind
  statusPath: OrderStatusPath
}) => {
  const { t, tAny, language } = useListT()
  const lang = language as LocaleId
  const company = useRecord(servicePaths.companyUsers, order.user)
  const status = useRecord(statusPath, order.status)
  const figures = orderFigures(order, company.data)
  const facts: [string, string, string][] = [
    ['orderId', t('subsequent.orderId'), order.orderId ?? ''],
    ['company', t(kind === 'sell' ? 'subsequent.customer' : 'subsequent.supplier'), String(company.data?.name ?? '')],
    ['date', t('subsequent.date'), formatDate(order.date, lang)],
    ['dueDate', t('subsequent.dueDate'), formatDate(figures.dueDate, lang)],
    ['status', t('subsequent.status'), status.data ? resolveText(status.data.name as Translatable, lang, tAny) : ''],
    [
      'fulfilled',
      t(kind === 'sell' ? 'subsequent.delivered' : 'subsequent.received'),
      order.fulfilled ? formatDate(order.fulfilledAt ?? order.updatedAt, lang) : t('subsequent.no')
    ],
    ['address', t('subsequent.address'), order.address ?? '']
  ]
  const sums: [string, string, number, boolean?][] = [
    ['amount', t('subsequent.totalAmount'), figures.amount, true],
    ['paid', t('subsequent.totalPayment'), figures.paid],
    ['shortage', t('subsequent.shortage'), figures.shortage, true]
  ]
  const payments = order.payments ?? []
  return (
    <Box data-testid="order-sheet" sx={{ fontSize: 14 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3, rowGap: 0.5, mb: 2 }}>
        {facts.map(([key, label, value]) => (
          <Typography key={key} variant="body2" sx={{ gridColumn: key === 'address' ? '1 / -1' : undefined }}>
            <b>{label}:</b> <span data-testid={`sheet-${key}`}>{value || '-'}</span>
          </Typography>
        ))}
      </Box>
      <Table size="small" data-testid="sheet-lines">
        <TableHead>
          <TableRow>
            <SheetCell strong>{t('subsequent.product')}</SheetCell>
            <SheetCell strong>{t('product.sku')}</SheetCell>
            <SheetCell right strong>
              {t('subsequent.quantity')}
            </SheetCell>
            <SheetCell right strong>
              {t(kind === 'buy' ? 'subsequent.cost' : 'subsequent.price')}
            </SheetCell>
            <SheetCell right strong>
              {t('subsequent.lineTotal')}
            </SheetCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.products.map((line, index) => (
            <TableRow key={index} data-testid="sheet-line">
              <SheetCell>
                <ProductName line={line} />
              </SheetCell>
              <SheetCell>
                {line.sku ? <RecordItemText path={servicePaths.products} id={line.product} list="skus" item={line.sku} /> : ''}
              </SheetCell>
              <SheetCell right>{line.quantity}</SheetCell>
              <SheetCell right>{formatMoney(line.price)}</SheetCell>
              <SheetCell right>{formatMoney(figures.lineTotals[index])}</SheetCell>
            </TableRow>
          ))}
          {sums.map(([key, label, value, strong]) => (
            <TableRow key={key}>
              <TableCell colSpan={4} align="right" sx={{ borderBottom: 'none', py: 0.25, fontWeight: strong ? 600 : undefined }}>
                {label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ borderBottom: 'none', py: 0.25, fontWeight: strong ? 600 : undefined }}
                data-testid={`sheet-${key}`}
              >
                {formatMoney(value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 3 }}>
        {t('subsequent.payments')}
      </Typography>
      {payments.length ? (
        <Table size="small" data-testid="sheet-payments">
          <TableHead>
            <TableRow>
              <SheetCell strong>{t('subsequent.paymentDate')}</SheetCell>
              <SheetCell strong>{t('subsequent.paymentMethod')}</SheetCell>
              <SheetCell strong>{t('subsequent.remarks')}</SheetCell>
              <SheetCell right strong>
                {t('subsequent.payAmount')}
              </SheetCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((payment, index) => (
              <TableRow key={index} data-testid="sheet-payment">
                <SheetCell>{formatDate(payment.paymentDate, lang)}</SheetCell>
                <SheetCell>
                  {payment.paymentMethod in subsequentMethodLabels
                    ? t(subsequentMethodLabels[payment.paymentMethod as SubsequentPaymentMethod])
                    : payment.paymentMethod}
                </SheetCell>
                <SheetCell>{payment.remarks ?? ''}</SheetCell>
                <SheetCell right>{formatMoney(payment.paymentAmount)}</SheetCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="sheet-no-payments">
          {t('subsequent.noPayments')}
        </Typography>
      )}
      {order.remarks && (
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          <b>{t('subsequent.remarks')}:</b> {order.remarks}
        </Typography>
      )}
    </Box>
  )
}
