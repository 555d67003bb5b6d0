import { purchasingOrderStatusSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; the statuses' own rules (unique sequenceNumber, listed
// by it, kept while orders use them) are tested in test/subsequent/statuses.test.ts.
await recordServiceContract('purchasingOrderStatuses', purchasingOrderStatusSchema)
