import { inventoryLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const inventoryLogModel = modelFromSchema('inventoryLogs', inventoryLogSchema)
