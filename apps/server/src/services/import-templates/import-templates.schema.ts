import { importTemplateSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const importTemplateModel = modelFromSchema('importTemplates', importTemplateSchema)
