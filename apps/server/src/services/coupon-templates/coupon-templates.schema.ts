import { couponTemplateSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const couponTemplateModel = modelFromSchema('couponTemplates', couponTemplateSchema)
