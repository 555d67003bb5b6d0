import type { Logger } from 'pino'
import type { Redis } from 'ioredis'

/**
 * A Redis client's outage, told once (decision 0218): ioredis emits `error` on every reconnect try, and
 * without a listener Node prints "Unhandled error event" each time. One warning when the link goes,
 * one line when it is back; /readyz says 503 meanwhile.
 */
export const reportOutages = (client: Redis, role: string, logger: Logger) => {
  let down = false
  client.on('error', (error: Error) => {
    if (down) return
    down = true
    logger.warn({ redis: role, err: { message: error.message } }, 'redis unreachable: events between processes wait')
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    logger.info({ redis: role }, 'redis reachable again')
  })
}
