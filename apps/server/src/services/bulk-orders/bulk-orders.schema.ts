import { bulkKind } from '../../domains/subsequent/kinds'

export const bulkOrderModel = bulkKind.model
