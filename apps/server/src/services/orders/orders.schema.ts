export { orderModel } from '../../domains/orders/order-input'
/** What a merchant's patch may carry (decision 0078); everything else moves through payments and refunds. */
export const ORDER_PATCH_FIELDS = ['status', 'ship', 'remarks', 'customer', 'cancelReason', 'fulfil'] as const
