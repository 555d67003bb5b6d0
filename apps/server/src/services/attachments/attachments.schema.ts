import { attachmentSchema } from '@emporia/shared'
import { modelFromSchema } from '../../db/query/model'

export const attachmentModel = modelFromSchema('attachments', attachmentSchema)
