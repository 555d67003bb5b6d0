import { bulkOrderSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does, for a bulk order of a company with room on its credit
// limit; the orders' own rules are tested in test/subsequent/.
await recordServiceContract('bulkOrders', bulkOrderSchema, async (api) => ({
  companyUsers: (await api.made('companyUsers', { name: 'Acme', subsequentPaymentLimit: 1_000_000 }))._id,
  products: (await api.made('products', { name: 'Tea', price: 100 }))._id
}))
