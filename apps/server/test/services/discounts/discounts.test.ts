import { discountSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; the rules' own checks are test/promotions/discounts-*.test.ts's.
// The schema's first type (a bundle) needs its quantity (decision 0089): the sample is a percentage rule.
await recordServiceContract(
  'discounts',
  discountSchema,
  async () => ({}),
  (sample) => ({ ...sample, type: 'percentage', percentageDiscount: 10 })
)
