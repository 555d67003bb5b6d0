import type { ReceiptData } from '../../lib/pos-hardware/types'

/** The test page's receipt: every field of spec §3.11's invoice, with a Chinese line to try the fonts. */
export const sampleReceipt = (labels: Record<string, string>): ReceiptData => ({
  shopName: 'Emporia',
  header: 'Test receipt',
  footer: '多謝惠顧 Thank you',
  address: '1 Queen’s Road Central',
  email: 'shop@example.com',
  phone: '+852 2345 6789',
  orderNo: 'P-000123',
  orderId: '64b7f0c2a1b2c3d4e5f60718',
  invoiceNo: 'INV-000123',
  time: new Date().toISOString().slice(0, 16).replace('T', ' '),
  issueTime: new Date().toISOString().slice(0, 16).replace('T', ' '),
  cashier: 'Till 1',
  staff: 'Amy',
  customer: 'Bob',
  couponId: 'WELCOME5',
  lines: [
    { code: '4891234567890', name: 'Green tea 綠茶', quantity: 2, unitPrice: '12.50', amount: '25.00' },
    {
      code: '2000012',
      name: 'Apples',
      quantity: 1,
      unitPrice: '30.00/kg',
      weight: '0.500 kg',
      discount: '-1.00',
      amount: '14.00'
    }
  ],
  subtotal: '39.00',
  discount: '-1.00',
  total: '38.00',
  adjustedTotal: '38.00',
  payments: [{ method: 'Cash', amount: '50.00' }],
  cashReceived: '50.00',
  change: '12.00',
  pointsEarned: 38,
  pointsUsable: 120,
  qr: '64b7f0c2a1b2c3d4e5f60718',
  labels
})
