import { useQuery } from '@tanstack/react-query'
import { servicePaths, type MailLogEntry } from '@emporia/shared'
import { shopApi } from './resource-client'
import { useCurrentShopId } from './shop'

export interface MailLogPage {
  total: number
  data: MailLogEntry[]
}

/** The shop's mails, newest first (`mail/log`, decision 0148); `order` narrows to one order's. */
export const loadMailLog = async (query: { order?: string; $limit?: number; $skip?: number } = {}) =>
  (await shopApi(servicePaths.mailLog).find(query)) as unknown as MailLogPage

/** The mail log of the current shop (or of one order), asked again when `refreshKey` changes. */
export const useMailLog = (order: string | undefined, refreshKey: unknown) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: [servicePaths.mailLog, shop, order ?? null, refreshKey],
    enabled: Boolean(shop),
    queryFn: () => loadMailLog(order ? { order, $limit: 50 } : { $limit: 50 })
  })
}

/** The colour a mail's state shows in (a chip's colour). */
export const stateColor = (status: MailLogEntry['status']) =>
  status === 'sent' ? 'success' : status === 'pending' ? 'info' : 'error'

/** Whether a mail is still to be tried again: pending after a failed try. */
export const retrying = (entry: MailLogEntry) => entry.status === 'pending' && entry.attempts > 0
