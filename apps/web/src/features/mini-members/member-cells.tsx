import { useQuery } from '@tanstack/react-query'
import { servicePaths, type MemberChannel } from '@emporia/shared'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi } from '../../lib/resource-client'
import { useCurrentShopId } from '../../lib/shop'

/** How many orders a member has: the orders service's count for them (no rows fetched). */
export const MemberOrders = ({ user }: { user: string }) => {
  const shop = useCurrentShopId()
  useRealtimeSync(servicePaths.orders, Boolean(shop))
  const query = { user, $limit: 0 }
  const { data } = useQuery({
    queryKey: queryKeys.find(servicePaths.orders, { ...query, shop }),
    enabled: Boolean(shop),
    queryFn: async () => ((await shopApi(servicePaths.orders).find(query)) as { total?: number }).total ?? 0
  })
  return <span data-member-orders={user}>{data ?? '…'}</span>
}

const CHANNEL_LABELS: Record<MemberChannel, AnyMessageKey> = { app: 'member.channel.app', mini: 'member.channel.mini' }

/** Every channel a member signed in through, in their language. */
export const MemberChannels = ({ channels }: { channels: unknown }) => {
  const { t } = useListT()
  const known = Array.isArray(channels) ? channels.filter((c): c is MemberChannel => c === 'app' || c === 'mini') : []
  return <span>{known.map((channel) => t(CHANNEL_LABELS[channel])).join(' · ')}</span>
}
