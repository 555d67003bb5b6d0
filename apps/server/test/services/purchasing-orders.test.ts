import { purchasingOrderSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of purchasingOrders's own rules go below.
await recordServiceContract('purchasingOrders', purchasingOrderSchema)
