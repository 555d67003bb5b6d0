import { purchasingOrderStatusSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of purchasingOrderStatuses's own rules go below.
await recordServiceContract('purchasingOrderStatuses', purchasingOrderStatusSchema)
