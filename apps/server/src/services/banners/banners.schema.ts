import { bannerSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const bannerModel = modelFromSchema('banners', bannerSchema)
