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
  /** The shop's code at the till (shop.posCode). */
  posCode?: string
  header?: string
  footer?: string
  /** Printed under the footer (shop.posFooterDomain). */
  footerDomain?: string
  /** Printed as QRs after the footer, each with its caption (shop.posAppLink, shop.posProductLink). */
  appLink?: string
  productLink?: string
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
    /** As read: "2", or "0.35 斤" for weighed goods (decision 0162). */
    quantity: number | string
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
  /**
   * Labels of the receipt's own words ("Total", "Change"…), translated by the caller, by the keys of
   * `receiptLabelDefaults` (receipt-layout.ts: orderNo, subtotal, total, cashReceived, change…); English
   * for a key not given. A payment's line is labelled by its `method`.
   */
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
  /**
   * Draws a line of text as a bitmap for `cjk: 'image'` (and for a line the printer's charset lacks). The
   * browser's canvas one is used when none is given; without one (Node) such a line prints as text.
   */
  rasterise?: Rasteriser
}

/** A line of text drawn black on white, `width` dots wide: RGBA pixels, 4 bytes a dot. */
export interface RasterImage {
  width: number
  height: number
  data: Uint8ClampedArray
}
export type Rasteriser = (text: string, width: number, options: { bold?: boolean; columns: number }) => RasterImage

/** A product label (spec §3.12 label print), on the receipt printer. Texts in the label's language. */
export interface LabelData {
  name: string
  /** The product's number (its code), printed when `showNum`; also the barcode when it is one. */
  num?: string
  /** The product's id, printed when `showID`. */
  id?: string
  /** Price, already formatted. */
  price?: string
  /** Quantity, already formatted. */
  quantity?: string
  /** Weight with its unit, already formatted ("0.250 kg"). */
  weight?: string
  /** Date, already formatted; printed when `showDate`. */
  date?: string
  labels?: Partial<Record<'price' | 'quantity' | 'weight' | 'date' | 'num' | 'id', string>>
}

export interface LabelOptions {
  language: PrinterLanguage
  /** How many copies. */
  copies: number
  showDate: boolean
  showID: boolean
  showNum: boolean
  /** `small`: 32 columns, no barcode; `default`: the printer's columns with a barcode. */
  labelSize: 'default' | 'small'
  columns?: number
  cjk?: ReceiptOptions['cjk']
  rasterise?: Rasteriser
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
