import type { InventoryOperationMode } from '@emporia/shared'
import type { AnyMessageKey } from './i18n/lists'

/** The SKU inventory operation's modes (spec §3.7) and how each is labelled: the product editor and stock moves. */
export const modeLabels: Record<InventoryOperationMode, AnyMessageKey> = {
  restock: 'stockOp.mode.restock',
  export: 'stockOp.mode.export',
  separate: 'stockOp.mode.separate',
  transfer: 'stockOp.mode.transfer',
  crossTransfer: 'stockOp.mode.crossTransfer'
}
