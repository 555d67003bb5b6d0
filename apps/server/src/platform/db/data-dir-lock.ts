import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * PGlite has no locking of its own: two processes on one data directory silently lose writes.
 * The server therefore holds `<dataDir>/emporia.lock` (created with O_EXCL, holding its pid)
 * for its lifetime. A lock whose pid is no longer alive is stale (the holder was killed) and
 * is taken over.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'emporia.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file)
        } catch {
          // already gone: nothing to release
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(file, 'utf8'))
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Emporia process (pid ${holder}). ` +
            'Stop that process first, or give this one its own DATA_DIR.'
        )
      }
      unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`)
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live process holding the data directory's lock, if any (a backup asks it for a snapshot, decision 0210). */
export const dataDirHolder = (dataDir: string): number | undefined => {
  let holder: number
  try {
    holder = Number(readFileSync(path.join(dataDir, 'emporia.lock'), 'utf8'))
  } catch {
    return undefined
  }
  return holder && holder !== process.pid && isAlive(holder) ? holder : undefined
}
