/* The receipt of a sale: built by the till and the order page alike (decision 0141), in lib/pos-hardware. */
export { formatReceiptTime, receiptOf, type ReceiptContext } from '../../../lib/pos-hardware/receipt-order'
