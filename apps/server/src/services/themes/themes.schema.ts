import { themeSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const themeModel = modelFromSchema('themes', themeSchema)
