import { useEffect, useState } from 'react'
import { Box, Button, MenuItem, Paper, Stack, TablePagination, TextField, Typography } from '@mui/material'
import Storefront from '@mui/icons-material/StorefrontOutlined'
import { subscriptionStates, type LocaleId, type OperatorShopRow, type SubscriptionState } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDate } from '../../lib/format/date'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { LoadState } from './load-state'
import { PAGE_SIZE, useAllPlans, useOperatorShops } from './operator-api'
import { RowList, type RowColumn } from './row-list'
import { planLabel, ShopActionDialog, type ShopActionKind } from './shop-action-dialog'
import { ShopStateChip } from './shop-state'

/** States a shop is stored in (`off` is only answered with billing off, never filtered on). */
const filterStates = subscriptionStates.filter((state) => state !== 'off')

/** Every shop with its plan, state, dates and payments; search, filter, and the two actions. */
export const ShopsTab = () => {
  const { t, language } = useListT()
  const locale = language as LocaleId
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [state, setState] = useState<SubscriptionState | ''>('')
  const [page, setPage] = useState(0)
  const [acting, setActing] = useState<{ kind: ShopActionKind; shop: OperatorShopRow } | null>(null)
  // The search is sent once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim())
      setPage(0)
    }, 300)
    return () => clearTimeout(timer)
  }, [search])
  const shops = useOperatorShops({
    $limit: PAGE_SIZE,
    $skip: page * PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(state ? { state } : {})
  })
  const rows = shops.data?.data ?? []
  const plans = useAllPlans()
  const planName = (code: string) => {
    const plan = plans.data?.find((entry) => entry.code === code)
    return plan ? planLabel(plan, locale) : code
  }

  const columns: RowColumn<OperatorShopRow>[] = [
    {
      key: 'name',
      label: t('operator.col.name'),
      cell: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.name || row.subdomain}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.subdomain}
          </Typography>
        </>
      )
    },
    {
      key: 'owner',
      label: t('operator.col.owner'),
      cell: (row) => <Box sx={{ wordBreak: 'break-all' }}>{row.owner ?? '-'}</Box>
    },
    { key: 'plan', label: t('operator.col.plan'), cell: (row) => planName(row.plan) },
    { key: 'state', label: t('operator.col.state'), cell: (row) => <ShopStateChip state={row.state} /> },
    { key: 'trialEnd', label: t('operator.col.trialEnd'), nowrap: true, cell: (row) => formatDate(row.trialEnd, locale) },
    {
      key: 'contractEnd',
      label: t('operator.col.contractEnd'),
      nowrap: true,
      cell: (row) => formatDate(row.contractEnd, locale)
    },
    {
      key: 'lastPayment',
      label: t('operator.col.lastPayment'),
      align: 'right',
      cell: (row) =>
        row.lastPayment ? (
          <>
            {formatMoney(row.lastPayment.amount)}
            <Typography variant="caption" color="text.secondary" component="div">
              {formatDate(row.lastPayment.paidAt, locale)}
            </Typography>
          </>
        ) : (
          '-'
        )
    },
    {
      key: 'revenue',
      label: t('operator.col.revenue'),
      align: 'right',
      nowrap: true,
      cell: (row) => formatMoney(row.monthlyRevenue)
    }
  ]

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            label={t('operator.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'operator-search' } }}
          />
          <TextField
            select
            size="small"
            label={t('operator.stateFilter')}
            value={state}
            onChange={(event) => {
              setState(event.target.value as SubscriptionState | '')
              setPage(0)
            }}
            sx={{ minWidth: 180 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'operator-state-filter' } as object }
            }}
          >
            <MenuItem value="">{t('operator.allStates')}</MenuItem>
            {filterStates.map((name) => (
              <MenuItem key={name} value={name} data-testid={`operator-state-${name}`}>
                {t(`operator.state.${name}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
      <Paper variant="outlined">
        <LoadState loading={shops.isFetching} error={shops.error} onRetry={() => void shops.refetch()} testId="operator-shops" />
        {shops.data && !rows.length && (
          <EmptyState icon={<Storefront />} text={t('operator.noShops')} testId="operator-shops-empty" />
        )}
        {rows.length > 0 && (
          <RowList
            rows={rows}
            columns={columns}
            rowKey={(row) => row._id}
            rowData={(row) => ({ 'data-shop': row._id, 'data-state': row.state })}
            actionsLabel={t('operator.col.actions')}
            actions={(row) => (
              <>
                <Button
                  size="small"
                  disabled={row.state === 'active' || row.state === 'off'}
                  onClick={() => setActing({ kind: 'extendTrial', shop: row })}
                  data-testid="operator-extend-trial"
                >
                  {t('operator.extendTrial')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={row.state === 'off'}
                  onClick={() => setActing({ kind: 'grantPlan', shop: row })}
                  data-testid="operator-grant-plan"
                >
                  {t('operator.grantPlan')}
                </Button>
              </>
            )}
            testId="operator-shops"
          />
        )}
        {shops.data && shops.data.total > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={shops.data.total}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
          />
        )}
      </Paper>
      {acting && <ShopActionDialog kind={acting.kind} shop={acting.shop} onClose={() => setActing(null)} />}
    </Stack>
  )
}
