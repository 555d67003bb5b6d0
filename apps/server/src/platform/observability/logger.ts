import pino, { type DestinationStream, type Logger } from 'pino'
import { currentRequest } from './request-context'

/*
 * The server's one logger (issue 38, decision 0209): JSON lines on stdout, one per request or service call
 * and one per fault. Bodies are never logged; what is logged passes three filters so no secret or personal
 * datum leaves: pino's `redact` censors keys that name one (at any of the first three levels), errors are
 * reduced to their type, code, message and stack (a provider's error carries its request's headers), and
 * every string has e-mail addresses and bearer tokens masked.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** LOG_LEVEL: one of pino's levels; unset = info. Anything else stops the start with its name. */
export const logLevelOf = (value: string | undefined): LogLevel => {
  if (value === undefined || value === '') return 'info'
  const level = value.trim().toLowerCase()
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel
  throw new Error(`LOG_LEVEL=${value}: one of ${LOG_LEVELS.join(', ')} is needed`)
}

/** Keys whose value is a secret or a person's datum, wherever they sit. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
  'secretKey',
  'privateKey',
  'webhookSecret',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'email',
  'phone',
  'mobile',
  'card',
  'cardNumber'
]

/** Redact paths: each key at the top and one or two levels down (pino's wildcard spans one level). */
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`])

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g

/** A string with e-mail addresses, bearer credentials and JWTs masked. */
export const scrub = (text: string) => text.replace(EMAIL, '[email]').replace(BEARER, '$1 [redacted]').replace(JWT, '[jwt]')

/** An error as logged: what it is and where it came from, never the data or request it carries. */
const errorSerializer = (error: unknown): unknown => {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrub(error) : error
  const { code, status, className } = error as { code?: unknown; status?: unknown; className?: unknown }
  return {
    type: error.name,
    message: scrub(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof className === 'string' ? { className } : {}),
    stack: error.stack ? scrub(error.stack) : undefined,
    ...(error.cause ? { cause: errorSerializer(error.cause) } : {})
  }
}

export interface LoggerOptions {
  level?: LogLevel
  /** Where the lines go (tests capture them); stdout when unset. */
  destination?: DestinationStream
}

/** One logger that writes nothing, shared: tests start hundreds of silent apps in one process. */
let silent: Logger | undefined
export const silentLogger = (): Logger => (silent ??= pino({ level: 'silent' }, { write: () => undefined }))

export const createLogger = (options: LoggerOptions = {}): Logger =>
  options.level === 'silent' && !options.destination
    ? silentLogger()
    : pino(
        {
          level: options.level ?? 'info',
          base: { pid: process.pid },
          timestamp: pino.stdTimeFunctions.isoTime,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: { err: errorSerializer, error: errorSerializer },
          // A line written while a request runs (a fault it met) names the request.
          mixin: () => {
            const request = currentRequest()
            return request ? { reqId: request.id } : {}
          },
          hooks: {
            // Messages and string arguments are scrubbed like the errors' messages.
            logMethod(args, method) {
              const clean = args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg))
              return method.apply(this, clean as Parameters<typeof method>)
            }
          }
        },
        options.destination ?? pino.destination({ dest: 1, sync: false })
      )

/** The `log(error)` callback the older modules take: a fault, logged at error level. */
export const errorLog =
  (logger: Logger, message = 'unexpected error') =>
  (error: unknown) =>
    logger.error({ err: error }, message)
