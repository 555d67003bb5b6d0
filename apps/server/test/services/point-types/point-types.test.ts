import { pointTypeSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; tests of pointTypes's own rules go below.
await recordServiceContract('pointTypes', pointTypeSchema)
