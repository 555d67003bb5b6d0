import pino, { type DestinationStream, type Logger } from 'pino'

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

/**
 * pino's redact paths: each key at the top, and where a request's or a provider call's credentials sit.
 * No wildcards: a `*.key` path made every line cost 200 µs instead of 3 (measured, docs/benchmarks.md);
 * deeper keys are censored by `censorDeep` below.
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...['headers', 'req.headers', 'request.headers', 'config.headers', 'options.headers'].flatMap((at) =>
    ['authorization', 'Authorization', 'cookie', 'Cookie'].map((key) => `${at}.${key}`)
  )
]

const SECRET_KEY_SET = new Set(SECRET_KEYS.map((key) => key.toLowerCase()))

/**
 * The keys naming a secret or a person's datum censored at any depth (to four levels) of what is logged;
 * errors are left to their serializer. Only objects that hold such a key are copied.
 */
export const censorDeep = (value: Record<string, unknown>, depth = 0): Record<string, unknown> => {
  let copy: Record<string, unknown> | undefined
  for (const key in value) {
    const item = value[key]
    let replaced: unknown = item
    if (SECRET_KEY_SET.has(key.toLowerCase())) replaced = '[redacted]'
    else if (depth < 4 && item !== null && typeof item === 'object' && !(item instanceof Error))
      replaced = censorDeep(item as Record<string, unknown>, depth + 1)
    if (replaced !== item) (copy ??= Array.isArray(value) ? ([...value] as never) : { ...value })[key] = replaced
  }
  return copy ?? value
}

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

/** Messages and string arguments scrubbed like errors' messages; most hold nothing to scrub and are not copied. */
const MAY_HOLD_SECRET = /@|bearer|basic|eyJ/i
function scrubArguments(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (typeof arg === 'string' && MAY_HOLD_SECRET.test(arg)) args[i] = scrub(arg)
  }
  return method.apply(this, args)
}

/**
 * stdout, written in batches of about 4 KB (one write per line cost the empty GET more than the line
 * itself) and at least every half second; pino flushes what is left when the process exits.
 */
const stdoutBatched = (): DestinationStream & { flush: (done?: (error?: Error) => void) => void } => {
  const boom = pino.destination({ dest: 1, sync: false, minLength: 4096 })
  let pending = false
  const flush = (done?: (error?: Error) => void) => {
    pending = false
    if (!(boom as unknown as { destroyed?: boolean }).destroyed) boom.flush(done)
  }
  setInterval(() => pending && flush(), 500).unref()
  return {
    write: (line: string) => {
      pending = true
      boom.write(line)
    },
    flush
  }
}

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
          formatters: { log: (object) => censorDeep(object) },
          hooks: { logMethod: scrubArguments as never }
        },
        options.destination ?? stdoutBatched()
      )

/** The `log(error)` callback the older modules take: a fault, logged at error level. */
export const errorLog =
  (logger: Logger, message = 'unexpected error') =>
  (error: unknown) =>
    logger.error({ err: error }, message)
