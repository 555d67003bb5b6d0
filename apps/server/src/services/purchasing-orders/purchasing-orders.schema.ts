import { purchasingKind } from '../../subsequent/kinds'

export const purchasingOrderModel = purchasingKind.model
