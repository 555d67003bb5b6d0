import { shopUserSchema } from '@emporia/shared'
import { recordServiceContract } from '../support/record-contract'

// What every shop-scoped record service does; tests of shopUsers's own rules go below.
// A customer is known by a name, an e-mail or a phone (decision 0083): the schema's sample adds one.
await recordServiceContract('shopUsers', shopUserSchema, undefined, () => ({ firstName: 'Contract' }))
