import { companyUserSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of companyUsers's own rules go below.
await recordServiceContract('companyUsers', companyUserSchema)
