import { purchasingKind } from '../../domains/subsequent/kinds'

export const purchasingOrderModel = purchasingKind.model
