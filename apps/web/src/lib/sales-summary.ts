import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  localParts,
  servicePaths,
  shopTimeZone,
  type SalesSummaryQuery,
  type Shop,
  type SummaryDim,
  type SummaryGroupBy
} from '@emporia/shared'
import { queryKeys } from './query-keys'
import { shopApi, typedService } from './resource-client'

/** What a sales chart or panel asks: dates are the shop's local days, `toDate` included. */
export interface SalesRange {
  groupBy: SummaryGroupBy
  by: SummaryDim
  fromDate: string
  toDate: string
}

const DAY_MS = 86_400_000
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A local date (YYYY-MM-DD) moved by whole days, by the calendar. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Today in the shop's zone (the day its sales are counted under), as YYYY-MM-DD. */
export const shopToday = (shop: Pick<Shop, 'timeZone'> | undefined, now = new Date()) => {
  const { year, month, day } = localParts(now, shopTimeZone(shop))
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** The service's query for a range: dates stand for the shop's local midnights, so `to` is the day after. */
export const summaryQuery = (range: SalesRange): SalesSummaryQuery => ({
  groupBy: range.groupBy,
  by: range.by,
  from: range.fromDate,
  to: addDays(range.toDate, 1)
})

/** The summary of a range in the current shop; kept fresh by useSalesUpdates. */
export const useSalesSummary = (range: SalesRange, shopId: string | undefined, enabled = true) => {
  const query = summaryQuery(range)
  return useQuery({
    queryKey: queryKeys.find(servicePaths.salesSummary, { ...query, shop: shopId }),
    enabled: enabled && Boolean(shopId),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
    queryFn: () => shopApi(servicePaths.salesSummary).find({ ...query })
  })
}

/** A busy till changes orders many times a second: the figures are asked again once things settle. */
export const SALES_SETTLE_MS = 700

/**
 * Live figures (decision 0082): a created or changed order, or a new payment (a refund is one), may
 * change any summary, which only the server can fold, so every cached summary is fetched again,
 * at most once per settle time.
 */
export const useSalesUpdates = (enabled: boolean) => {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const detach: (() => void)[] = []
    const refetch = () => {
      timer ??= setTimeout(() => {
        timer = undefined
        void queryClient.invalidateQueries({ queryKey: queryKeys.finds(servicePaths.salesSummary) })
      }, SALES_SETTLE_MS)
    }
    const follow = async (path: typeof servicePaths.orders | typeof servicePaths.payments, events: string[]) => {
      const service = await typedService(path)
      if (stopped) return
      for (const event of events) service.on(event, refetch)
      detach.push(() => events.forEach((event) => service.removeListener(event, refetch)))
    }
    void follow(servicePaths.orders, ['created', 'patched'])
    void follow(servicePaths.payments, ['created'])
    return () => {
      stopped = true
      detach.forEach((stop) => stop())
      clearTimeout(timer)
    }
  }, [enabled, queryClient])
}
