import { companyUserSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; companyUsers's own rules (balances kept by the orders,
// removal refused while it has orders) are tested in test/subsequent/.
await recordServiceContract('companyUsers', companyUserSchema)
