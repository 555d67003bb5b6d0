import { useMatches } from '@tanstack/react-router'
import { BillingNotices } from '../../features/billing/billing-notices'
import { useSession } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { useCurrentShop } from '../../lib/shop'
import { screenOfRoute } from './screen-of-route'

/** The plan's banner and a paid screen's upgrade prompt, above the page (decision 0129). */
export const PlanNotices = () => {
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const features = useFeatures()
  const shop = useCurrentShop(signedIn)
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  if (!shop) return null
  return <BillingNotices shop={shop} userId={session.user?._id} billing={features.billing} screen={screenOfRoute(name)} />
}
