import { importRunSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const importRunModel = modelFromSchema('imports', importRunSchema)
