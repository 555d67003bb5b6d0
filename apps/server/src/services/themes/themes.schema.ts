import { themeSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const themeModel = modelFromSchema('themes', themeSchema)
