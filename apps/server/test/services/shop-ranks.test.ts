import { shopRankSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of shopRanks's own rules go below.
await recordServiceContract('shopRanks', shopRankSchema)
