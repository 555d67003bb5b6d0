import { useQuery } from '@tanstack/react-query'
import { servicePaths, type CashCheck } from '@emporia/shared'
import { shopRows } from '../../../lib/resource-client'

/*
 * Whether this station's drawer was counted open (spec §4.8 "Requires Cash Check First"; decision 0098),
 * as the server decides it (cash/drawer.ts): the cashier's own drawer when it was ever opened or closed,
 * else the shop's; open when its newest valid begin/end count is a begin. Only for shops with the log.
 */

type Mark = Pick<CashCheck, 'type'> | undefined

const lastMark = async (cashier: string | null): Promise<Mark> =>
  (
    await shopRows(servicePaths.cashboxLogs, {
      cashier,
      status: 'valid',
      type: { $in: ['beginCheck', 'endCheck'] },
      $sort: { date: -1 },
      $limit: 1
    })
  )[0]

/** The drawer state: open or not; undefined while unknown (the till then lets the server decide). */
export const drawerOpenOf = (own: Mark, shared: Mark): boolean => (own ?? shared)?.type === 'beginCheck'

export const useDrawerOpen = (enabled: boolean, shop: string | undefined, cashier: string | null) =>
  useQuery({
    queryKey: [servicePaths.cashboxLogs, 'posDrawer', shop, cashier],
    enabled: enabled && Boolean(shop),
    queryFn: async () => drawerOpenOf(cashier ? await lastMark(cashier) : undefined, await lastMark(null)),
    // The till's state must follow a count taken on another device; the cash check dialog refetches too.
    refetchInterval: 60_000
  })
