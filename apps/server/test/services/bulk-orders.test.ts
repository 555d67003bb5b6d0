import { bulkOrderSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of bulkOrders's own rules go below.
await recordServiceContract('bulkOrders', bulkOrderSchema)
