import type { ShopBrand, ShopMailData, ShopMailName } from './shop-mail-types'

/** The order the settings screen previews and tests every template with (decision 0147). */
export const sampleMailData = (name: ShopMailName, brand: ShopBrand, link: string): ShopMailData => ({
  brand,
  name: 'Chan Tai Man',
  code: name === 'resetPasswordShop' ? '482915' : undefined,
  link: name === 'resetPasswordShop' ? link : undefined,
  order:
    name === 'passwordChanged' || name === 'resetPasswordShop'
      ? undefined
      : {
          orderId: 'SAMPLE-0001',
          date: new Date().toISOString(),
          customerName: 'Chan Tai Man',
          customerEmail: 'taiman@example.com',
          customerPhone: '98765432',
          lines: [
            { name: 'Jasmine tea 100 g', quantity: 2, price: 8800, total: 17600 },
            { name: 'Tea cup', variant: 'Blue', quantity: 1, price: 12000, total: 12000 }
          ],
          subtotal: 29600,
          shippingFee: 3000,
          discount: 2000,
          total: 30600,
          payment: name === 'orderBankTransfer' ? 'bank' : 'stripe',
          shippingMethod: 'SF Express',
          address: 'Flat A, 12/F, 1 Queen’s Road Central, Hong Kong',
          tracking: name === 'shipment' ? 'SF1234567890' : null,
          link,
          bankAccounts: name === 'orderBankTransfer' ? [{ bankName: 'HSBC', name: brand.name, no: '123-456789-001' }] : undefined
        }
})
