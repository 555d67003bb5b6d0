import { useState } from 'react'
import {
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography
} from '@mui/material'
import ArrowBack from '@mui/icons-material/ArrowBack'
import Inventory from '@mui/icons-material/Inventory2Outlined'
import { useParams } from '@tanstack/react-router'
import type { LocaleId } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { addDays, shopToday } from '../../lib/sales-summary'
import { useCurrentShop } from '../../lib/shop'
import { pageText } from '../../lib/table/paging'
import { subShopName } from './sub-shops-page'
import { STOCK_PAGE_SIZE, useSubShopRollup, useSubShopStock } from './sub-shops-api'

/** `subShops/{id}`: one sub-shop's stock per product, SKU and warehouse, paged and read-only (decision 0087). */
export const SubShopStockPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const { id } = useParams({ strict: false }) as { id?: string }
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const [page, setPage] = useState(0)
  const stock = useSubShopStock(id, page, shop?._id)
  // The name comes with the roll-up the list page has just asked (cached), the day's figures otherwise.
  const today = shopToday(shop)
  const rollup = useSubShopRollup({ fromDate: addDays(today, -29), toDate: today }, shop?._id)
  const text = (value: unknown) => resolveText(value as Translatable, locale, tAny)
  const entry = rollup.data?.data.find((row) => row._id === id)
  const number = (value: number) => value.toLocaleString(locale === 'en' ? 'en' : 'zh-HK')
  const data = stock.data

  return (
    <Stack spacing={2} data-testid="sub-shop-stock-page">
      <Box>
        <Button component={AppLink} href="/subShops" startIcon={<ArrowBack />} size="small" data-testid="sub-shop-stock-back">
          {t('subShops.back')}
        </Button>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }} data-testid="sub-shop-stock-title">
          {entry ? t('subShops.stockTitle', { name: subShopName(entry, text) }) : '\u00a0'}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('subShops.stockHint')}
        </Typography>
      </Box>
      {stock.error && (
        <Typography color="error" data-testid="sub-shop-stock-error">
          {errorMessage(stock.error)}
        </Typography>
      )}
      <Paper variant="outlined">
        {stock.isFetching && <LinearProgress data-testid="sub-shop-stock-loading" />}
        {data && !data.data.length && (
          <EmptyState
            icon={<Inventory />}
            text={t(data.subShop ? 'subShops.stockEmpty' : 'subShops.stockUnlinked')}
            testId="sub-shop-stock-empty"
          />
        )}
        {data && data.data.length > 0 && (
          <>
            <TableContainer>
              <Table size="small" data-testid="sub-shop-stock-table" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('subShops.product')}</TableCell>
                    <TableCell>{t('subShops.warehouse')}</TableCell>
                    <TableCell align="right">{t('subShops.onHand')}</TableCell>
                    <TableCell align="right">{t('subShops.reserved')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((row) => (
                    <TableRow key={row._id} data-testid="sub-shop-stock-row" data-product={row.product} data-sku={row.sku}>
                      <TableCell>
                        {[text(row.productName) || t('subShops.unknownProduct'), row.skuName ? text(row.skuName) : '']
                          .filter(Boolean)
                          .join(' · ')}
                      </TableCell>
                      <TableCell>{text(row.warehouseName)}</TableCell>
                      <TableCell align="right" data-testid="sub-shop-stock-quantity">
                        {number(row.quantity)}
                      </TableCell>
                      <TableCell align="right">{number(row.reserved)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={STOCK_PAGE_SIZE}
              rowsPerPageOptions={[STOCK_PAGE_SIZE]}
              onPageChange={(_, next) => setPage(next)}
              labelDisplayedRows={() => pageText(page + 1, STOCK_PAGE_SIZE, data.data.length, data.total)}
              getItemAriaLabel={(type) => t(type === 'previous' ? 'table.previous' : 'table.next')}
            />
          </>
        )}
      </Paper>
    </Stack>
  )
}
