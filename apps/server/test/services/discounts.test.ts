import { discountSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of discounts's own rules go below.
await recordServiceContract('discounts', discountSchema)
