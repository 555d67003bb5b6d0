import { couponTemplateSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; tests of couponTemplates's own rules go below.
await recordServiceContract('couponTemplates', couponTemplateSchema, async (api) => ({
  discounts: (
    await api.made('discounts', { name: '10% off', type: 'percentage', status: 'valid', avail: 'both', percentageDiscount: 10 })
  )._id
}))
