import { callerIn, refusal, serviceRules, type Shop } from '@emporia/shared'
import { useSession } from './auth'
import { useCurrentShop } from './shop'

/**
 * Whether the shop's plan lets this member write a service (decision 0129): a paid feature that is off
 * bars writes only, so a list still shows what the shop made, without the buttons the server would refuse.
 * A role that does not fit is the screen's own business (its declaration); only a closed feature counts.
 */
export const writesAllowed = (path: string, shop: Shop | undefined, userId: string | undefined): boolean => {
  const rule = serviceRules[path]
  if (!rule || !shop) return true
  return refusal(rule.write, callerIn(shop, userId)) !== 'feature'
}

export const useWritesAllowed = (path: string): boolean => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return writesAllowed(path, shop, user?._id)
}
