import { shopRankGroupSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; tests of shopRankGroups's own rules go below.
await recordServiceContract('shopRankGroups', shopRankGroupSchema)
