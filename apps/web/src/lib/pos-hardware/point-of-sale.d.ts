/*
 * The @point-of-sale transports ship no types: what this app uses of them (their READMEs). Each driver
 * emits `connected` with the device's description, and `disconnected`.
 */
interface PointOfSaleDevice {
  type: 'usb' | 'serial' | 'bluetooth'
  language: string | null
  codepageMapping?: string | null
  manufacturerName?: string
  productName?: string
  serialNumber?: string
  vendorId?: number | null
  productId?: number | null
  id?: string
  name?: string
}

interface PointOfSaleDriver {
  connect(): Promise<void>
  reconnect(device: Partial<PointOfSaleDevice>): Promise<void>
  disconnect(): Promise<void>
  print(data: Uint8Array): Promise<void>
  addEventListener(event: 'connected', listener: (device: PointOfSaleDevice) => void): void
  addEventListener(event: 'disconnected', listener: () => void): void
}

declare module '@point-of-sale/webusb-receipt-printer' {
  const Driver: new (options?: object) => PointOfSaleDriver
  export { Driver as default }
}
declare module '@point-of-sale/webserial-receipt-printer' {
  const Driver: new (options?: { baudRate?: number }) => PointOfSaleDriver
  export { Driver as default }
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  const Driver: new (options?: object) => PointOfSaleDriver
  export { Driver as default }
}
