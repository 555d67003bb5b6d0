import { Box, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useMatches, useParams } from '@tanstack/react-router'
import { formatDateTime, formatMoney } from '../../lib/format'
import { useT } from '../../lib/i18n/i18n'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'

/**
 * The printable invoice sheet: header, product table and footer (spec §2.2). Orders and payments
 * are not built yet, so the table shows its empty state until then.
 */
export const InvoicePage = () => {
  const { t, tAny, language } = useT()
  const shop = useCurrentShop(true)
  const { id } = useParams({ strict: false }) as { id?: string }
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? 'o'
  return (
    <Box data-testid="invoice">
      <Typography variant="h5">{shop ? resolveText(shop.name, language, tAny) : t('app.name')}</Typography>
      <Typography variant="subtitle1" sx={{ mb: 2 }}>
        {tAny(`route.${name}`)} {id ? `#${id}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {formatDateTime(new Date(), language)}
      </Typography>
      <Table size="small" data-testid="invoice-products">
        <TableHead>
          <TableRow>
            <TableCell>{t('invoice.item')}</TableCell>
            <TableCell align="right">{t('invoice.quantity')}</TableCell>
            <TableCell align="right">{t('invoice.price')}</TableCell>
            <TableCell align="right">{t('invoice.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary' }}>
              {t('invoice.empty')}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
              {t('invoice.total')}
            </TableCell>
            <TableCell align="right">{formatMoney(0)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" align="center" data-testid="invoice-footer">
        {t('invoice.footer')}
      </Typography>
    </Box>
  )
}
