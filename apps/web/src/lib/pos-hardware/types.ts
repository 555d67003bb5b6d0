import type { WeightUnit } from '@emporia/shared'

/*
 * The till's hardware from the browser (spec §2.13, §9.8; decision 0094), no helper program: receipt and
 * label printers over WebUSB, Web Bluetooth or Web Serial with the `@point-of-sale` encoders, the drawer
 * kicked through the printer, scales over Web Serial (or typed: `keyboard`), keyboard-wedge scanners.
 * Pure encoders and parsers are tested on bytes; the transports are faked at the browser API boundary.
 */

export type PrinterLanguage = 'esc-pos' | 'star-prnt'
export type PrinterTransport = 'usb' | 'bluetooth' | 'serial'
export type DeviceState = 'connected' | 'connecting' | 'disconnected'

/** What a receipt says (spec §3.11 Invoice (POS receipt)); texts already in the receipt's language. */
export interface ReceiptData {
  shopName: string
  header?: string
  footer?: string
  address?: string
  email?: string
  phone?: string
  orderNo: string
  orderId: string
  invoiceNo?: string
  time: string
  issueTime?: string
  cashier?: string
  staff?: string
  customer?: string
  couponId?: string
  lines: {
    code?: string
    name: string
    quantity: number
    unitPrice: string
    weight?: string
    discount?: string
    amount: string
  }[]
  subtotal: string
  discount?: string
  total: string
  adjustedTotal?: string
  payments: { method: string; amount: string }[]
  cashReceived?: string
  change?: string
  pointsEarned?: number
  pointsUsable?: number
  /** Printed as a QR (the order id or a link). */
  qr?: string
  /** Labels of the receipt's own words ("Total", "Change"…), translated by the caller. */
  labels: Record<string, string>
}

export interface ReceiptOptions {
  language: PrinterLanguage
  /** Characters per line: 32 (58 mm), 42 or 48 (80 mm). */
  columns: number
  /** 'big5' / 'gb18030' when the printer has the fonts; otherwise Chinese text is printed as an image. */
  cjk: 'big5' | 'gb18030' | 'image'
  invoiceType: 'normal' | 'long'
  /** Kick the drawer after printing. */
  openDrawer?: boolean
  cut?: boolean
}

/** A connected printer: send bytes, whatever the transport. */
export interface PrinterConnection {
  readonly transport: PrinterTransport
  readonly name: string
  state(): DeviceState
  print(bytes: Uint8Array): Promise<void>
  disconnect(): Promise<void>
}

/** One reading of a scale (spec §9.8 weightUnit). */
export interface WeightReading {
  /** In the scale's unit, as sent. */
  value: number
  unit: WeightUnit
  /** The scale says the reading has settled. */
  stable: boolean
}

export interface ScaleConnection {
  readonly transport: 'keyboard' | 'bluetooth' | 'serial'
  state(): DeviceState
  /** Calls back with every reading; answers the unsubscribe. */
  subscribe(listener: (reading: WeightReading) => void, onState?: (state: DeviceState) => void): () => void
  disconnect(): Promise<void>
}
