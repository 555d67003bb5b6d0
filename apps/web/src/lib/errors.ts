import { i18n, loadAppMessages } from './i18n/i18n'

/** A Feathers error as it arrives over the socket or REST (ARCHITECTURE §4). */
export interface AppErrorShape {
  name?: string
  message?: string
  code?: number
  data?: { key?: string; field?: string; values?: Record<string, unknown>; retryAfter?: number }
}

const asShape = (error: unknown): AppErrorShape =>
  typeof error === 'object' && error !== null ? (error as AppErrorShape) : { message: String(error) }

/** HTTP-like status of an error; 500 when it has none (spec §8.1). */
export const errorStatus = (error: unknown): number => {
  const code = asShape(error).code
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500
}

/**
 * The message to show for an error, in the current language: the server's key when we know it
 * (spec §8.1), the throttling message with its wait, else the server's own text.
 */
export const errorMessage = (error: unknown): string => {
  const shape = asShape(error)
  if (shape.name === 'ChunkLoadError') return i18n.t('error.chunk')
  if (shape.code === 429) {
    const seconds = shape.data?.retryAfter ?? shape.data?.values?.seconds ?? 60
    return i18n.t('errors.tooManyAttempts', { seconds })
  }
  const key = shape.data?.key
  if (key && i18n.exists(key)) return i18n.t(key, shape.data?.values ?? {})
  // Most server messages come with the app's messages (decision 0011), on their way from the start of a
  // signed-in session: until they are there, the server's English text stands in.
  if (key) void loadAppMessages()
  if (shape.code === 401 && shape.name === 'NotAuthenticated') return i18n.t('errors.login')
  return shape.message || i18n.t('error.generic')
}

/** The field an error names, so a form can put the message under it. */
export const errorField = (error: unknown): string | undefined => asShape(error).data?.field
