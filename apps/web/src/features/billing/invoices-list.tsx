import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
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
import ReceiptLong from '@mui/icons-material/ReceiptLong'
import type { BillingInvoice } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { errorMessage } from '../../lib/errors'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { useInvoices } from './billing-api'

/** An invoice's own page, printable on A4. */
export const invoicePath = (invoice: Pick<BillingInvoice, '_id'>) => `/billing/invoices/${invoice._id}`

/** The shop's invoices from the platform (spec §3.14; decision 0130): number, date, plan, period and amount, each printable. */
export const InvoicesList = () => {
  const { t, tAny, language } = useListT()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const invoices = useInvoices()
  const date = (value: string) => formatDate(value, language)
  const rows = invoices.data ?? []
  return (
    <Paper
      component="section"
      aria-labelledby="billing-invoices-title"
      sx={{ p: { xs: 2, md: 3 } }}
      data-testid="billing-invoices"
    >
      <Typography variant="h6" component="h2" id="billing-invoices-title" sx={{ mb: 1 }}>
        {t('billingPage.invoices.title')}
      </Typography>
      {invoices.isPending && (
        <Box sx={{ py: 3, textAlign: 'center' }} role="status" aria-label={t('billingPage.loading')}>
          <CircularProgress size={24} />
        </Box>
      )}
      {invoices.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void invoices.refetch()}>
              {t('billingPage.retry')}
            </Button>
          }
        >
          {errorMessage(invoices.error)}
        </Alert>
      )}
      {invoices.isSuccess && !rows.length && (
        <EmptyState icon={<ReceiptLong />} text={t('billingPage.invoices.empty')} testId="billing-invoices-empty" />
      )}
      {rows.length > 0 && phone && (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((invoice) => (
            <Box
              component="li"
              key={invoice._id}
              data-testid="billing-invoice"
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Link component={AppLink} href={invoicePath(invoice)} sx={{ fontWeight: 600 }}>
                  {invoice.number}
                </Link>
                <Typography sx={{ fontWeight: 600 }}>{formatMoney(invoice.amount, 'HK$')}</Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {date(invoice.paidAt)} · {resolveText(invoice.planName, language, tAny)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('billingPage.invoices.periodText', { start: date(invoice.periodStart), end: date(invoice.periodEnd) })}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
        <Table size="small" aria-labelledby="billing-invoices-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('billingPage.invoices.number')}</TableCell>
              <TableCell>{t('billingPage.invoices.date')}</TableCell>
              <TableCell>{t('billingPage.invoices.plan')}</TableCell>
              <TableCell>{t('billingPage.invoices.period')}</TableCell>
              <TableCell align="right">{t('billingPage.invoices.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((invoice) => (
              <TableRow key={invoice._id} data-testid="billing-invoice" hover>
                <TableCell>
                  <Link component={AppLink} href={invoicePath(invoice)}>
                    {invoice.number}
                  </Link>
                </TableCell>
                <TableCell>{date(invoice.paidAt)}</TableCell>
                <TableCell>
                  {resolveText(invoice.planName, language, tAny)}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {t(`billingPage.invoices.kind.${invoice.kind}`)}
                  </Typography>
                </TableCell>
                <TableCell>
                  {t('billingPage.invoices.periodText', { start: date(invoice.periodStart), end: date(invoice.periodEnd) })}
                </TableCell>
                <TableCell align="right">{formatMoney(invoice.amount, 'HK$')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  )
}
