import { Box, CircularProgress, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useParams } from '@tanstack/react-router'
import { personName, type BillingInfo, type BillingInvoice, type LocaleId } from '@emporia/shared'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { useBillingInvoice } from './billing-api'
import { cardText } from './billing-view'
import { countries } from './countries'

/** The billing address as it is written on an envelope, one line each. */
export const addressLines = (info: BillingInfo, locale: LocaleId): string[] => {
  const country = countries(locale).find((entry) => entry.code === info.country)?.name ?? info.country
  return [
    info.company,
    personName(info.firstName, info.lastName),
    info.address1,
    info.address2,
    [info.city, info.state, info.zipcode].filter(Boolean).join(', '),
    country,
    info.phone ? `+${info.phoneCountry} ${info.phone}` : ''
  ].filter((line) => line.trim())
}

/**
 * The platform's invoice to the shop (decision 0130), on the order invoice's A4 sheet (`InvoiceLayout`): its
 * number and date, the billing info, the plan and period, the amount and the card it was paid with.
 */
export const BillingInvoicePage = () => {
  const { t } = useListT()
  const { id } = useParams({ strict: false }) as { id?: string }
  const invoice = useBillingInvoice(id)
  if (id && invoice.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={t('billingPage.loading')}>
        <CircularProgress />
      </Box>
    )
  return (
    <Box data-testid="billing-invoice-sheet" sx={{ fontSize: 14 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', mb: 3 }}>
        <Typography variant="h5" component="p">
          {t('app.name')}
        </Typography>
        <Typography variant="h5" component="h1">
          {t('billingPage.invoice.title')}
        </Typography>
      </Box>
      {invoice.data ? (
        <InvoiceSheet invoice={invoice.data} />
      ) : (
        <Typography color="text.secondary" sx={{ my: 4 }} data-testid="billing-invoice-missing">
          {invoice.isError ? t('billingPage.invoice.failed') : t('billingPage.invoice.missing')}
        </Typography>
      )}
    </Box>
  )
}

const InvoiceSheet = ({ invoice }: { invoice: BillingInvoice }) => {
  const { t, tAny, language } = useListT()
  const date = (value: string) => formatDate(value, language)
  const facts: [string, string, string][] = [
    ['number', t('billingPage.invoice.number'), invoice.number],
    ['date', t('billingPage.invoice.date'), date(invoice.paidAt)],
    ...(invoice.card ? [['card', t('billingPage.invoice.card'), cardText(invoice.card)] as [string, string, string]] : [])
  ]
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3, mb: 3 }}>
        <Box data-testid="billing-invoice-billed-to">
          <Typography variant="subtitle2">{t('billingPage.invoice.billedTo')}</Typography>
          {invoice.billingInfo ? (
            addressLines(invoice.billingInfo, language).map((line, index) => (
              <Typography key={index} variant="body2">
                {line}
              </Typography>
            ))
          ) : (
            <Typography variant="body2">-</Typography>
          )}
        </Box>
        <Box>
          {facts.map(([key, label, value]) => (
            <Typography key={key} variant="body2">
              <b>{label}:</b> <span data-testid={`billing-invoice-${key}`}>{value}</span>
            </Typography>
          ))}
        </Box>
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('billingPage.invoice.item')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('billingPage.invoice.period')}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {t('invoice.amount')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell data-testid="billing-invoice-plan">
              {t('billingPage.invoice.planLine', {
                plan: resolveText(invoice.planName, language, tAny),
                kind: t(`billingPage.invoices.kind.${invoice.kind}`)
              })}
            </TableCell>
            <TableCell>
              {t('billingPage.invoices.periodText', { start: date(invoice.periodStart), end: date(invoice.periodEnd) })}
            </TableCell>
            <TableCell align="right">{formatMoney(invoice.amount, 'HK$')}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={2} align="right" sx={{ borderBottom: 'none', fontWeight: 600 }}>
              {t('invoice.total')}
            </TableCell>
            <TableCell align="right" sx={{ borderBottom: 'none', fontWeight: 600 }} data-testid="billing-invoice-total">
              {formatMoney(invoice.amount, 'HK$')}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" align="center" data-testid="billing-invoice-footer">
        {t('billingPage.invoice.paid', { date: date(invoice.paidAt) })}
      </Typography>
    </>
  )
}
