import { shopUserSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of shopUsers's own rules go below.
await recordServiceContract('shopUsers', shopUserSchema)
