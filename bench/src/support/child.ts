import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChildMessage, ParentMessage } from './ipc'

export const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface ChildHandle {
  pid: number
  port: number
  url: string
  info: Record<string, unknown>
  request: <T>(name: string, body?: unknown) => Promise<T>
  stop: () => Promise<void>
}

export interface ChildOptions {
  env?: Record<string, string | undefined>
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[]
  readyTimeoutMs?: number
}

/**
 * Starts `src/<file>` in its own Node process (TypeScript through tsx's loader, no tsx wrapper
 * process in between, so the pid, IPC and `--cpu-prof` are the server's own).
 */
export const startChild = (file: string, options: ChildOptions = {}): Promise<ChildHandle> => {
  const child: ChildProcess = fork(path.join(SRC_DIR, file), [], {
    execArgv: ['--import', 'tsx', ...(options.nodeArgs ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const waiting = new Map<number, { resolve: (body: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 0
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${file} was not ready in time`))
    }, options.readyTimeoutMs ?? 600_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${file} exited with code ${code} before it was ready`))
      for (const pending of waiting.values()) pending.reject(new Error(`${file} exited`))
    })
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'reply') {
        const pending = waiting.get(message.id)
        waiting.delete(message.id)
        if (message.error) pending?.reject(new Error(message.error))
        else pending?.resolve(message.body)
        return
      }
      clearTimeout(timer)
      resolve({
        pid: child.pid ?? 0,
        port: message.port,
        url: `http://127.0.0.1:${message.port}`,
        info: message.info,
        request: <T>(name: string, body?: unknown) =>
          new Promise<T>((ok, fail) => {
            const id = nextId++
            waiting.set(id, { resolve: (value) => ok(value as T), reject: fail })
            child.send({ type: 'request', id, name, body } satisfies ParentMessage)
          }),
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage)
          else child.kill('SIGTERM')
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
          await exited
          clearTimeout(force)
        }
      })
    })
  })
}
