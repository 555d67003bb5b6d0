import { couponTemplateSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const couponTemplateModel = modelFromSchema('couponTemplates', couponTemplateSchema)
