import { servicePaths, type CommentStatus } from '@emporia/shared'
import { resourceService } from '../../lib/resource-client'
import { shopQuery } from '../../lib/shop'

const BATCH_LIMIT = 100

/** Moderation of the chosen comments (decision 0193): approved ones show on the storefront, hidden ones not. */
export const setCommentsStatus = async (ids: string[], status: CommentStatus) => {
  const service = await resourceService(servicePaths.productComments)
  for (let start = 0; start < ids.length; start += BATCH_LIMIT)
    await service.patch(null, { status }, { query: shopQuery({ _id: { $in: ids.slice(start, start + BATCH_LIMIT) } }) })
}
