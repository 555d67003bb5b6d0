import { bulkOrderStatusSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of bulkOrderStatuses's own rules go below.
await recordServiceContract('bulkOrderStatuses', bulkOrderStatusSchema)
