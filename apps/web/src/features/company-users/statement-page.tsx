import { useQuery } from '@tanstack/react-query'
import { Box, CircularProgress, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useParams } from '@tanstack/react-router'
import { availableCredit, servicePaths, type CompanyUser, type LocaleId, type SubsequentOrder } from '@emporia/shared'
import { orderFigures, SheetCell, ShopHeader } from '../../components/subsequent/order-sheet'
import { useRecord } from '../../components/subsequent/subsequent-api'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** The most orders one statement lists (oldest first); a company with more is printed in periods. */
const STATEMENT_LIMIT = 500

/** The company's bulk orders, oldest first. */
const useCompanyOrders = (user: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.bulkOrders, 'find', { statement: user, shop }],
    enabled: Boolean(shop && user),
    retry: false,
    queryFn: (): Promise<SubsequentOrder[]> =>
      shopRows(servicePaths.bulkOrders, { user, $sort: { date: 1, _id: 1 }, $limit: STATEMENT_LIMIT })
  })
}

/** Each order's figures and the running balance of what is owed after it. */
export const statementRows = (orders: readonly SubsequentOrder[], company: CompanyUser | undefined) =>
  orders.reduce<{ order: SubsequentOrder; figures: ReturnType<typeof orderFigures>; balance: number }[]>((rows, order) => {
    const figures = orderFigures(order, company)
    return [...rows, { order, figures, balance: (rows.at(-1)?.balance ?? 0) + figures.shortage }]
  }, [])

/**
 * A company customer's statement (spec §3.11), on the invoice's A4 sheet: each bulk order with its
 * date, number, due date, amount, paid and shortage, the running balance of what is owed, and totals.
 */
export const StatementPage = () => {
  const { t, language } = useListT()
  const lang = language as LocaleId
  const { id } = useParams({ strict: false }) as { id?: string }
  const company = useRecord(servicePaths.companyUsers, id)
  const orders = useCompanyOrders(company.data ? id : undefined)
  const record = company.data
  if (id && (company.isPending || (record && orders.isPending)))
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress />
      </Box>
    )
  const rows = statementRows(orders.data ?? [], record)
  const balance = rows.at(-1)?.balance ?? 0
  const total = (key: 'amount' | 'paid' | 'shortage') => rows.reduce((sum, row) => sum + row.figures[key], 0)
  return (
    <Box data-testid="statement" sx={{ fontSize: 14 }}>
      <ShopHeader />
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('statement.title')}
      </Typography>
      {!record ? (
        <Typography color="text.secondary" sx={{ my: 4 }} data-testid="statement-missing">
          {t('statement.missing')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 3, rowGap: 0.5, mb: 2 }}>
            <Typography variant="body2">
              <b>{t('statement.company')}:</b> <span data-testid="statement-company">{record.name}</span>
            </Typography>
            <Typography variant="body2">
              <b>{t('statement.printed', { date: formatDate(new Date(), lang) })}</b>
            </Typography>
            <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}>
              {[record.address, record.phone, record.email].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2">
              <b>{t('subsequent.creditLimit')}:</b> {formatMoney(record.subsequentPaymentLimit ?? 0)}
            </Typography>
            <Typography variant="body2">
              <b>{t('subsequent.availableAmount')}:</b> {formatMoney(availableCredit(record))}
            </Typography>
          </Box>
          {rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ my: 4 }} data-testid="statement-empty">
              {t('statement.empty')}
            </Typography>
          ) : (
            <Table size="small" data-testid="statement-orders">
              <TableHead>
                <TableRow>
                  <SheetCell strong>{t('subsequent.date')}</SheetCell>
                  <SheetCell strong>{t('subsequent.orderId')}</SheetCell>
                  <SheetCell strong>{t('subsequent.dueDate')}</SheetCell>
                  <SheetCell right strong>
                    {t('subsequent.amount')}
                  </SheetCell>
                  <SheetCell right strong>
                    {t('subsequent.paymentAmount')}
                  </SheetCell>
                  <SheetCell right strong>
                    {t('subsequent.shortage')}
                  </SheetCell>
                  <SheetCell right strong>
                    {t('statement.balance')}
                  </SheetCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ order, figures, balance: running }) => (
                  <TableRow key={order._id} data-testid="statement-row">
                    <SheetCell>{formatDate(order.date, lang)}</SheetCell>
                    <SheetCell testId="statement-orderId">{order.orderId ?? ''}</SheetCell>
                    <SheetCell>{formatDate(figures.dueDate, lang)}</SheetCell>
                    <SheetCell right testId="statement-amount">
                      {formatMoney(figures.amount)}
                    </SheetCell>
                    <SheetCell right>{formatMoney(figures.paid)}</SheetCell>
                    <SheetCell right testId="statement-shortage">
                      {formatMoney(figures.shortage)}
                    </SheetCell>
                    <SheetCell right testId="statement-balance">
                      {formatMoney(running)}
                    </SheetCell>
                  </TableRow>
                ))}
                <TableRow data-testid="statement-totals">
                  <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                    {t('statement.totals')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(total('amount'))}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(total('paid'))}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-total-shortage">
                    {formatMoney(total('shortage'))}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(balance)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          )}
        </>
      )}
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" align="center">
        {t('invoice.footer')}
      </Typography>
    </Box>
  )
}
