import { COUPON_BATCH_MAX, servicePaths } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'

// The coupon section's calls (ARCHITECTURE §2: one place per operation); components never name a service.

/**
 * Generates `total` coupons of a template in batches the server takes at once, telling `progress` after
 * each; a refused batch (a limit reached) stops there, and what was made stays made.
 */
export const generateCoupons = async (template: string, total: number, user: string | null, progress: (done: number) => void) => {
  let done = 0
  while (done < total) {
    const count = Math.min(COUPON_BATCH_MAX, total - done)
    await shopApi(servicePaths.couponGenerate).create({ template, count, ...(user ? { user } : {}) })
    done += count
    progress(done)
  }
  return done
}
