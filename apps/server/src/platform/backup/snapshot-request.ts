import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'

/**
 * A live PGlite backup (decision 0210). Only the serving process can read its embedded database, so
 * `npm run backup` asks it through DATA_DIR: it writes `snapshot-request-<its pid>`; the server,
 * which looks twice a second, answers with `snapshot-<pid>.tar` (its data directory, dumped between
 * two statements; requests wait meanwhile) or `snapshot-<pid>.error`. Files, not signals: a server
 * that predates this simply leaves the request unanswered, and it works the same on every system.
 */
const REQUEST = /^snapshot-request-(\d+)$/
const POLL_MS = 500

export const snapshotFiles = (dataDir: string, id: number | string) => ({
  request: path.join(dataDir, `snapshot-request-${id}`),
  snapshot: path.join(dataDir, `snapshot-${id}.tar`),
  failed: path.join(dataDir, `snapshot-${id}.error`)
})

/** The server's side: answers every request found in DATA_DIR with a dump. Returns the stop. */
export const answerSnapshotRequests = (dataDir: string, dump: () => Promise<Blob>, log: (line: string) => void) => {
  let busy = false
  const answer = async () => {
    if (busy) return
    busy = true
    try {
      for (const name of readdirSync(dataDir)) {
        const match = REQUEST.exec(name)
        if (!match) continue
        const files = snapshotFiles(dataDir, match[1])
        rmSync(files.request, { force: true })
        const started = Date.now()
        try {
          const blob = await dump()
          const partial = `${files.snapshot}.partial`
          await pipeline(Readable.fromWeb(blob.stream() as ReadableStream), createWriteStream(partial, { mode: 0o600 }))
          await rename(partial, files.snapshot)
          log(`Backup: database snapshot for process ${match[1]} taken in ${Date.now() - started} ms`)
        } catch (error) {
          writeFileSync(files.failed, (error as Error).message)
        }
      }
    } catch (error) {
      log(`Backup: could not answer a snapshot request: ${(error as Error).message}`)
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void answer(), POLL_MS)
  timer.unref()
  return () => clearInterval(timer)
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The backup's side: asks the server `holder` (the data directory lock's pid) for a snapshot and
 * waits for it; the file is the caller's to delete. A server that has not taken the request within
 * `pickupMs` does not answer requests (an older version): stop it, and back up offline.
 */
export const requestSnapshot = async (
  dataDir: string,
  holder: number,
  options: { pickupMs?: number; timeoutMs?: number } = {}
): Promise<string> => {
  const files = snapshotFiles(dataDir, process.pid)
  for (const file of Object.values(files)) rmSync(file, { force: true })
  writeFileSync(files.request, '')
  const started = Date.now()
  const pickup = options.pickupMs ?? 15_000
  const timeout = options.timeoutMs ?? 30 * 60_000
  try {
    for (;;) {
      if (existsSync(files.snapshot)) return files.snapshot
      if (existsSync(files.failed))
        throw new Error(`The server could not take the snapshot: ${readFileSync(files.failed, 'utf8')}`)
      if (!isAlive(holder)) throw new Error(`The server (pid ${holder}) stopped during the backup: run the backup again`)
      const waited = Date.now() - started
      if (existsSync(files.request) && waited > pickup)
        throw new Error(
          `The server holding ${dataDir} (pid ${holder}) did not answer the backup's request: it may predate live ` +
            'backups. Stop it and run the backup again (it then reads the data directory itself).'
        )
      if (waited > timeout) throw new Error(`No snapshot from the server (pid ${holder}) after ${timeout / 60_000} minutes`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } finally {
    rmSync(files.request, { force: true })
    rmSync(files.failed, { force: true })
  }
}
