export { paymentModel, PAYMENT_FIELDS } from '../../domains/orders/order-input'
