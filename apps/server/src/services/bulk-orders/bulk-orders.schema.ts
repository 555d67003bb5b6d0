import { bulkKind } from '../../subsequent/kinds'

export const bulkOrderModel = bulkKind.model
