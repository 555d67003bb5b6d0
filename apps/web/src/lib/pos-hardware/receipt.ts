import type { ReceiptData, ReceiptOptions } from './types'

/** CONTRACT STUB (decision 0094): the hardware part (0097) replaces this with the real encoder. */
export const encodeReceipt = (_data: ReceiptData, _options: ReceiptOptions): Uint8Array => {
  throw new Error('receipt encoder not built yet')
}
