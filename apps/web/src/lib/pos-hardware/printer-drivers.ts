import type { PrinterTransport } from './types'

/**
 * The @point-of-sale driver of a transport, loaded on first use: a dynamic import keeps the drivers out
 * of every bundle until a printer is connected (decision 0097).
 */
export const loadDriver = async (transport: PrinterTransport) => {
  const module =
    transport === 'usb'
      ? await import('@point-of-sale/webusb-receipt-printer')
      : transport === 'serial'
        ? await import('@point-of-sale/webserial-receipt-printer')
        : await import('@point-of-sale/webbluetooth-receipt-printer')
  return module.default
}
