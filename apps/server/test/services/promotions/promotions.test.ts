import { promotionSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; tests of promotions's own rules go below.
await recordServiceContract('promotions', promotionSchema)
