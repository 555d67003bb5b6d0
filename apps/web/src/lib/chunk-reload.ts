/** A failed page chunk reloads the page, at most once per 60 s (spec §4.12, §9.3). */
export const CHUNK_RELOAD_GUARD_MS = 60_000
const STORAGE_KEY = 'emporia-chunk-reload-at'

/** Raised when a page chunk failed and the page was already reloaded within the last 60 s. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    // A message of our own: the router's built-in reload only reacts to the browser's wording.
    super(`Page chunk could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'ChunkLoadError'
  }
}

export const shouldReload = (lastReloadAt: number | undefined, now: number): boolean =>
  lastReloadAt === undefined || !(now - lastReloadAt < CHUNK_RELOAD_GUARD_MS) || now < lastReloadAt

interface ReloadEnv {
  now: () => number
  read: () => string | null
  write: (value: string) => void
  reload: () => void
}

const browserEnv = (): ReloadEnv => ({
  now: () => Date.now(),
  // localStorage, not sessionStorage: a reload loop across tabs counts too.
  read: () => localStorage.getItem(STORAGE_KEY),
  write: (value) => localStorage.setItem(STORAGE_KEY, value),
  reload: () => window.location.reload()
})

/**
 * Wraps a dynamic import: a failure reloads the page (a new deployment has replaced the chunk
 * names) unless that already happened in the last 60 s, when the error page shows instead.
 */
export const reloadOnChunkError =
  <T>(importer: () => Promise<T>, env: () => ReloadEnv = browserEnv) =>
  async (): Promise<T> => {
    try {
      return await importer()
    } catch (error) {
      const { now, read, write, reload } = env()
      const last = Number(read() ?? NaN)
      if (shouldReload(Number.isFinite(last) ? last : undefined, now())) {
        write(String(now()))
        reload()
        // Nothing to render while the page goes away.
        return new Promise<T>(() => {})
      }
      throw new ChunkLoadError(error)
    }
  }
