import { miniTopicSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const miniTopicModel = modelFromSchema('miniTopics', miniTopicSchema)
