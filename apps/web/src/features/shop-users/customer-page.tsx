import { useMemo, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { addressLine, servicePaths, type LocaleId, type ShopUser } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { errorMessage } from '../../lib/errors'
import { formatDate } from '../../lib/format/date'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { notifyError, notifySuccess } from '../../lib/notify'
import { usePageOptions } from '../../lib/page-options'
import { queryKeys } from '../../lib/query-keys'
import { shopRows } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'
import { customerTypeLabels } from './customer-labels'
import { EraseDialog, MergeDialog } from './customer-dialogs'
import { CustomerPoints } from './customer-points'
import { CustomerOrders, CustomerPayments, CustomerRankLogs } from './customer-tables'
import {
  downloadJson,
  personalData,
  useCustomer,
  useCustomerOrders,
  useCustomerPayments,
  useCustomerRankLogs
} from './customers-api'
import { shopUsersMessages } from './shop-users.messages'

void shopUsersMessages

/** The shop's ranks by id, for names (a few per shop). */
const useRankNames = () => {
  const shop = useCurrentShopId()
  const { language, tAny } = useListT()
  const ranks = useQuery({
    queryKey: queryKeys.find(servicePaths.shopRanks, { shop, $limit: 200 }),
    enabled: Boolean(shop),
    queryFn: () => shopRows(servicePaths.shopRanks, { $limit: 200 })
  })
  return (id: string | null | undefined) => {
    const rank = ranks.data?.find((row) => row._id === id)
    return rank ? resolveText(rank.name, language as LocaleId, (key) => tAny(key)) : id ? '…' : '—'
  }
}

const Fact = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Stack sx={{ minWidth: 160 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" data-testid={testId}>
      {value || '—'}
    </Typography>
  </Stack>
)

/** The customer's details: contact, membership, addresses and remarks. */
const CustomerCard = ({ customer, rankName }: { customer: ShopUser; rankName: (id: string | null | undefined) => string }) => {
  const { t, language } = useListT()
  const locale = language as LocaleId
  const date = (value: string | null | undefined) => (value ? formatDate(value, locale) : '')
  return (
    <Card variant="outlined" data-testid="customer-card">
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <Fact label={t('shopUser.email')} value={customer.email ?? ''} testId="customer-email" />
          <Fact
            label={t('shopUser.phone')}
            value={[customer.region, customer.phone].filter(Boolean).join(' ')}
            testId="customer-phone"
          />
          <Fact
            label={t('shopUser.type')}
            value={t(customerTypeLabels[(customer.type ?? 'normal') as keyof typeof customerTypeLabels])}
            testId="customer-type"
          />
          <Fact label={t('shopUser.date')} value={date(customer.date)} testId="customer-date" />
          <Fact label={t('shopUser.rank')} value={rankName(customer.rank)} testId="customer-rank" />
          <Fact label={t('shopUser.rankExpiry')} value={date(customer.rankExpiry)} testId="customer-rank-expiry" />
          <Fact label={t('shopUser.cachedAmount')} value={formatMoney(customer.cachedAmount ?? 0)} testId="customer-spent" />
          <Fact label={t('shopUser.points')} value={String(customer.points ?? 0)} testId="customer-points" />
        </Stack>
        {Boolean(customer.addresses?.length) && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{t('shopUser.addresses')}</Typography>
            {customer.addresses?.map((address, i) => (
              <Typography key={i} variant="body2" data-testid="customer-address">
                {[address.label, addressLine(address)].filter(Boolean).join(', ')}
                {address.default ? ` (${t('shopUser.address.default')})` : ''}
              </Typography>
            ))}
          </Box>
        )}
        {customer.remarks && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {customer.remarks}
          </Typography>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * A customer's own page (spec §3.10, decision 0083): details, orders, payments, points and rank
 * history; merge with a duplicate, export the personal data as a file, or erase it.
 */
export const CustomerPage = () => {
  const { t, language } = useListT()
  const { id } = useParams({ strict: false }) as { id?: string }
  const queryClient = useQueryClient()
  const customer = useCustomer(id)
  const orders = useCustomerOrders(id)
  const payments = useCustomerPayments(id)
  const rankLogs = useCustomerRankLogs(id)
  const rankName = useRankNames()
  const [dialog, setDialog] = useState<'merge' | 'erase'>()
  const [exporting, setExporting] = useState(false)
  const record = customer.data
  const routeTitle = t('route.shopUsers/view')
  usePageOptions(useMemo(() => (record ? { title: `${routeTitle}: ${record.name ?? ''}` } : {}), [record, routeTitle]))

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.get(servicePaths.shopUsers, id ?? '') })
    for (const path of [servicePaths.orders, servicePaths.payments, servicePaths.shopUsers])
      void queryClient.invalidateQueries({ queryKey: queryKeys.finds(path) })
  }
  const closeDialog = (done: boolean) => {
    if (done) notifySuccess(t(dialog === 'merge' ? 'shopUser.merged' : 'shopUser.erasedDone'))
    setDialog(undefined)
    if (done) refresh()
  }
  const exportData = async () => {
    if (!record) return
    setExporting(true)
    try {
      downloadJson(`customer-${record._id}.json`, await personalData(record._id))
      notifySuccess(t('shopUser.exported'))
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  if (customer.isLoading) return <CircularProgress data-testid="customer-loading" />
  if (!record)
    return (
      <Alert severity="warning" data-testid="customer-missing">
        {t('shopUser.notFound')}
      </Alert>
    )
  const erased = Boolean(record.erasedAt)
  return (
    <Stack spacing={2} data-testid="customer-page">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" sx={{ flexGrow: 1 }} data-testid="customer-name">
          {record.name}
        </Typography>
        {!erased && (
          <>
            <Button component={AppLink} href={`/shopUsers/edit/${record._id}`} variant="outlined" data-testid="customer-edit">
              {t('shopUser.edit')}
            </Button>
            <Button variant="outlined" onClick={() => setDialog('merge')} data-testid="customer-merge">
              {t('shopUser.merge')}
            </Button>
          </>
        )}
        <Button variant="outlined" disabled={exporting} onClick={exportData} data-testid="customer-export">
          {t('shopUser.export')}
        </Button>
        {!erased && (
          <Button color="error" variant="outlined" onClick={() => setDialog('erase')} data-testid="customer-erase">
            {t('shopUser.erase')}
          </Button>
        )}
      </Stack>
      {erased && (
        <Alert severity="info" data-testid="customer-erased">
          {t('shopUser.erasedNote', { date: formatDate(String(record.erasedAt), language as LocaleId) })}
        </Alert>
      )}
      <CustomerCard customer={record} rankName={rankName} />
      <CustomerOrders rows={orders.data} loading={orders.isLoading} />
      <CustomerPayments rows={payments.data} loading={payments.isLoading} />
      <CustomerPoints customer={record} />
      <CustomerRankLogs rows={rankLogs.data} loading={rankLogs.isLoading} rankName={rankName} />
      {dialog === 'merge' && <MergeDialog customer={record} onClose={closeDialog} />}
      {dialog === 'erase' && <EraseDialog customer={record} onClose={closeDialog} />}
    </Stack>
  )
}
