import { bannerSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of banners's own rules go below.
await recordServiceContract('banners', bannerSchema)
