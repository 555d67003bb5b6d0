import { shopRankSchema } from '@emporia/shared'
import { recordServiceContract } from '../../support/record-contract'

// What every shop-scoped record service does; the ranks' own rules are test/ranks/ranks.test.ts's.
await recordServiceContract('shopRanks', shopRankSchema, async (api) => ({
  shopRankGroups: (await api.made('shopRankGroups', { name: 'Members', accumType: 'current' }))._id
}))
