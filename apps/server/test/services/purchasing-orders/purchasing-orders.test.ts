import { purchasingOrderSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does, for a purchase at a cost (which a purchasing order
// must state); the orders' own rules are tested in test/subsequent/.
await recordServiceContract(
  'purchasingOrders',
  purchasingOrderSchema,
  async (api) => ({
    companyUsers: (await api.made('companyUsers', { name: 'Tea Farm' }))._id,
    products: (await api.made('products', { name: 'Tea', price: 100 }))._id
  }),
  (sample) => ({ ...sample, products: (sample.products as object[]).map((line) => ({ ...line, price: 40 })) })
)
