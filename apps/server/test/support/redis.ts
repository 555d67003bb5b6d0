import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { Redis } from 'ioredis'
import { freePort } from './server-process'

/** The Redis the multi-process tests share events through. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether that Redis (or the one at `url`) answers a ping now (one try, no retries). */
export const redisReachable = async (url = REDIS_URL) => {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  // A refused connection is the answer (connect() rejects with it), not an error to print.
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/** Whether this machine has a `redis-server` binary to start a private Redis with. */
export const redisServerInstalled = () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0

/**
 * A Redis of the test's own (a `redis-server` child on a free port, nothing saved), which the test can stop and
 * start again on the same port to play an outage.
 */
export const privateRedis = async () => {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore'
    })
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    for (;;) {
      if (await redisReachable(url)) return
      if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited (${child.exitCode})`)
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))])
    }
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  await start()
  return { url, port, start, stop }
}
