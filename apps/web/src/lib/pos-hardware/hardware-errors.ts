import { HardwareError } from './device-store'

/*
 * What a cashier reads when a printer, scale, scanner or the drawer fails (decision 0140):
 * every failure of the hardware layer is one of these codes, each with a message in en, cht and chs
 * (`posHardware.error.<code>`, lib/i18n/pos-hardware.messages.ts). Never the browser's or a driver's text.
 */

export const HARDWARE_ERROR_CODES = [
  // The browser has no WebUSB / Web Serial / Web Bluetooth.
  'unsupported',
  // No printer (or scale) connected to this till.
  'notConnected',
  // The browser's device chooser was closed, or it found no device.
  'cancelled',
  // The device went away mid-way (unplugged, switched off, out of range).
  'disconnected',
  // The browser or the person refused access to the device.
  'denied',
  // The device is in use by another tab or program.
  'busy',
  // Anything else the device or its driver answered.
  'failed'
] as const

export type HardwareErrorCode = (typeof HARDWARE_ERROR_CODES)[number]

// A key the hardware layer throws that has no message would be a type error here.
const thrown: readonly HardwareErrorCode[] = [] as HardwareError['key'][]
void thrown

/** The browser's DOMException names for device APIs, by the code the cashier is told. */
const BY_NAME: Record<string, HardwareErrorCode> = {
  NotSupportedError: 'unsupported',
  NotFoundError: 'cancelled',
  AbortError: 'cancelled',
  NetworkError: 'disconnected',
  SecurityError: 'denied',
  NotAllowedError: 'denied',
  InvalidStateError: 'busy'
}

/** The code of any failure the hardware layer can raise; `failed` for what it does not know. */
export const hardwareErrorCode = (error: unknown): HardwareErrorCode => {
  if (error instanceof HardwareError) return error.key
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined
  return (typeof name === 'string' && BY_NAME[name]) || 'failed'
}

/** The message key to translate for a hardware failure. */
export const hardwareErrorKey = (error: unknown) => `posHardware.error.${hardwareErrorCode(error)}` as const
