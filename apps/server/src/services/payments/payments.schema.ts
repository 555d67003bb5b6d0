export { paymentModel, PAYMENT_FIELDS } from '../../orders/order-input'
