import { bannerSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const bannerModel = modelFromSchema('banners', bannerSchema)
