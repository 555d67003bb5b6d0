import { attachmentSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const attachmentModel = modelFromSchema('attachments', attachmentSchema)
