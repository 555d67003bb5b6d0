import { useState } from 'react'
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography
} from '@mui/material'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import PersonAddAlt from '@mui/icons-material/PersonAddAlt'
import Storefront from '@mui/icons-material/StorefrontOutlined'
import type { LocaleId, SubShopRollupRow } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { AppLink } from '../../components/ui/app-link'
import { DateRangeFields } from '../../components/ui/date-range-fields'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../../lib/auth'
import { errorField, errorMessage } from '../../lib/errors'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { notifyError, notifySuccess } from '../../lib/notify'
import { addDays, shopToday } from '../../lib/sales-summary'
import { useCurrentShop } from '../../lib/shop'
import { InviteDialog } from './invite-dialog'
import { useRemoveSubShop, useSubShopRollup, type RollupRange } from './sub-shops-api'

/** The name a sub-shop goes by: the parent's name for it, else its shop's own, else its e-mail. */
export const subShopName = (row: Pick<SubShopRollupRow, 'name' | 'shopName' | 'email'>, text: (value: unknown) => string) =>
  row.name || text(row.shopName) || row.email

/** subShops (spec §2.4 item 14, decision 0087): each sub-shop's sales over a period and its stock now, read-only. */
export const SubShopsPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return shop ? <SubShops key={shop._id} shopId={shop._id} today={shopToday(shop)} /> : null
}

const SubShops = ({ shopId, today }: { shopId: string; today: string }) => {
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const [range, setRange] = useState<RollupRange>({ fromDate: addDays(today, -29), toDate: today })
  const [inviting, setInviting] = useState(false)
  const [removing, setRemoving] = useState<SubShopRollupRow | null>(null)
  const ordered = range.fromDate <= range.toDate
  const rollup = useSubShopRollup(range, shopId, ordered && Boolean(range.fromDate && range.toDate))
  const remove = useRemoveSubShop()
  const text = (value: unknown) => resolveText(value as Translatable, locale, tAny)
  const number = (value: number | undefined) => (value ?? 0).toLocaleString(locale === 'en' ? 'en' : 'zh-HK')
  const badField = rollup.error ? errorField(rollup.error) : undefined
  const data = rollup.data
  const set = (change: Partial<RollupRange>) => setRange((current) => ({ ...current, ...change }))

  const confirmRemove = async () => {
    if (!removing) return
    try {
      await remove.mutateAsync(removing._id)
      notifySuccess(t('subShops.removed'))
    } catch (error) {
      notifyError(errorMessage(error))
    }
    setRemoving(null)
  }

  const status = (row: SubShopRollupRow) =>
    !row.accepted ? (
      <Chip size="small" label={t('subShops.pending')} data-testid="sub-shop-status" data-status="pending" />
    ) : row.subShop ? (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={t('subShops.linked')}
        data-testid="sub-shop-status"
        data-status="linked"
      />
    ) : (
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={t('subShops.notLinked')}
        data-testid="sub-shop-status"
        data-status="unlinked"
      />
    )
  const figure = (row: SubShopRollupRow, value: string, testId: string) => (
    <TableCell align="right" data-testid={testId}>
      {row.subShop ? value : '–'}
    </TableCell>
  )

  return (
    <Stack spacing={2} data-testid="sub-shops-page">
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('subShops.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('subShops.hint')}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateRangeFields
            range={range}
            onChange={set}
            labels={{ from: t('subShops.from'), to: t('subShops.to') }}
            testId="sub-shops"
            fromError={badField === 'from'}
            toError={!ordered ? t('sales.rangeOrder') : badField === 'to' ? errorMessage(rollup.error) : undefined}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<PersonAddAlt />}
            onClick={() => setInviting(true)}
            data-testid="sub-shops-invite"
          >
            {t('subShops.invite')}
          </Button>
        </Stack>
      </Paper>
      {rollup.error && badField !== 'to' && (
        <Typography color="error" data-testid="sub-shops-error">
          {errorMessage(rollup.error)}
        </Typography>
      )}
      <Paper variant="outlined">
        {rollup.isFetching && <LinearProgress data-testid="sub-shops-loading" />}
        {data && !data.data.length && (
          <EmptyState
            icon={<Storefront />}
            text={t('subShops.empty')}
            testId="sub-shops-empty"
            action={
              <Button variant="outlined" startIcon={<PersonAddAlt />} onClick={() => setInviting(true)}>
                {t('subShops.invite')}
              </Button>
            }
          />
        )}
        {data && data.data.length > 0 && (
          <TableContainer>
            <Table
              size="small"
              data-testid="sub-shops-table"
              sx={{
                '& th': { whiteSpace: 'nowrap' },
                '& tfoot td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem', whiteSpace: 'nowrap' }
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('subShops.subShop')}</TableCell>
                  <TableCell>{t('subShops.status')}</TableCell>
                  <TableCell align="right">{t('subShops.orders')}</TableCell>
                  <TableCell align="right">{t('subShops.gross')}</TableCell>
                  <TableCell align="right">{t('subShops.refunds')}</TableCell>
                  <TableCell align="right">{t('subShops.net')}</TableCell>
                  <TableCell align="right">{t('subShops.products')}</TableCell>
                  <TableCell align="right">{t('subShops.onHand')}</TableCell>
                  <TableCell align="right">{t('subShops.reserved')}</TableCell>
                  <TableCell align="right">{t('subShops.value')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row._id} hover data-testid="sub-shop-row" data-id={row._id}>
                    <TableCell>
                      {row.subShop ? (
                        <Link
                          component={AppLink}
                          href={`/subShops/${row._id}`}
                          data-testid="sub-shop-link"
                          sx={{ fontWeight: 500 }}
                        >
                          {subShopName(row, text)}
                        </Link>
                      ) : (
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {subShopName(row, text)}
                        </Typography>
                      )}
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                        {row.email}
                      </Typography>
                    </TableCell>
                    <TableCell>{status(row)}</TableCell>
                    {figure(row, number(row.sales?.orders), 'sub-shop-orders')}
                    {figure(row, formatMoney(row.sales?.gross), 'sub-shop-gross')}
                    {figure(row, formatMoney(row.sales?.refunds), 'sub-shop-refunds')}
                    {figure(row, formatMoney(row.sales?.net), 'sub-shop-net')}
                    {figure(row, number(row.stock?.products), 'sub-shop-products')}
                    {figure(row, number(row.stock?.onHand), 'sub-shop-on-hand')}
                    {figure(row, number(row.stock?.reserved), 'sub-shop-reserved')}
                    {figure(row, formatMoney(row.stock?.value), 'sub-shop-value')}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {row.subShop && (
                        <Button size="small" component={AppLink} href={`/subShops/${row._id}`} data-testid="sub-shop-view-stock">
                          {t('subShops.viewStock')}
                        </Button>
                      )}
                      <Tooltip title={t('subShops.remove')}>
                        <IconButton
                          size="small"
                          aria-label={t('subShops.remove')}
                          onClick={() => setRemoving(row)}
                          data-testid="sub-shop-remove"
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow data-testid="sub-shops-total">
                  <TableCell colSpan={2}>{t('subShops.total')}</TableCell>
                  <TableCell align="right" data-testid="sub-shops-total-orders">
                    {number(data.totals.sales.orders)}
                  </TableCell>
                  <TableCell align="right">{formatMoney(data.totals.sales.gross)}</TableCell>
                  <TableCell align="right">{formatMoney(data.totals.sales.refunds)}</TableCell>
                  <TableCell align="right" data-testid="sub-shops-total-net">
                    {formatMoney(data.totals.sales.net)}
                  </TableCell>
                  <TableCell align="right">{number(data.totals.stock.products)}</TableCell>
                  <TableCell align="right">{number(data.totals.stock.onHand)}</TableCell>
                  <TableCell align="right">{number(data.totals.stock.reserved)}</TableCell>
                  <TableCell align="right">{formatMoney(data.totals.stock.value)}</TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('subShops.removeTitle')}
        text={removing ? t('subShops.removeText', { name: subShopName(removing, text) }) : ''}
        confirmText={t('subShops.remove')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
        testId="sub-shop-remove-dialog"
      />
    </Stack>
  )
}
