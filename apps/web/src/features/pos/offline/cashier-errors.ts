import { errorMessage } from '../../../lib/errors'
import { i18n } from '../../../lib/i18n/i18n'
import { HardwareError } from '../../../lib/pos-hardware/device-store'
import { hardwareErrorKey } from '../../../lib/pos-hardware/hardware-errors'

/*
 * Every error a cashier can see, in the cashier's language (decision 0140): a server
 * refusal by its key, a device by its hardware code, a lost connection as such, anything else as the
 * generic message. Never an internal text ("pos hardware: notConnected", "Failed to fetch", "Connection lost").
 */

interface Shape {
  name?: unknown
  code?: unknown
  data?: { key?: unknown }
}

const shapeOf = (error: unknown): Shape => (typeof error === 'object' && error !== null ? (error as Shape) : {})

/** Names of failures that mean the server could not be reached, whatever the transport says. */
const NETWORK = new Set(['Disconnected', 'Timeout', 'TypeError', 'NetworkError'])

export const cashierErrorMessage = (error: unknown): string => {
  if (error instanceof HardwareError) return i18n.t(hardwareErrorKey(error))
  const shape = shapeOf(error)
  const key = typeof shape.data?.key === 'string' ? shape.data.key : undefined
  // The server's translated refusal, the throttling message and the chunk message are already the cashier's.
  if ((key && i18n.exists(key)) || shape.code === 429 || shape.name === 'ChunkLoadError') return errorMessage(error)
  if (typeof shape.name === 'string' && NETWORK.has(shape.name)) return i18n.t('error.network')
  if (shape.code === 408 || shape.code === 503 || shape.code === 502 || shape.code === 504) return i18n.t('error.network')
  return i18n.t('error.generic')
}

/** The reason a device failed, for "The receipt could not be printed: {reason}" and the like. */
export const deviceFailure = (error: unknown): string => i18n.t(hardwareErrorKey(error))
