import { inventoryLogSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const inventoryLogModel = modelFromSchema('inventoryLogs', inventoryLogSchema)
