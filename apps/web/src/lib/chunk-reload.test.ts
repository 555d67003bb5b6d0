import { describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, CHUNK_RELOAD_GUARD_MS, reloadOnChunkError, shouldReload } from './chunk-reload'

describe('shouldReload', () => {
  it('reloads the first time and again only after 60 s', () => {
    expect(shouldReload(undefined, 1000)).toBe(true)
    expect(shouldReload(1000, 1000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false)
    expect(shouldReload(1000, 1000 + CHUNK_RELOAD_GUARD_MS)).toBe(true)
    // A clock set back must not block reloads for ever.
    expect(shouldReload(5000, 1000)).toBe(true)
  })
})

describe('reloadOnChunkError', () => {
  const env = (stored: string | null, now = 100_000) => {
    const state = { stored, reloads: 0 }
    return {
      state,
      env: () => ({
        now: () => now,
        read: () => state.stored,
        write: (value: string) => void (state.stored = value),
        reload: () => void (state.reloads += 1)
      })
    }
  }

  it('passes a successful import through', async () => {
    const { env: e, state } = env(null)
    await expect(reloadOnChunkError(async () => 'module', e)()).resolves.toBe('module')
    expect(state.reloads).toBe(0)
  })

  it('reloads once on failure and records when', async () => {
    const { env: e, state } = env(null)
    const pending = reloadOnChunkError(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), e)()
    const settled = vi.fn()
    void pending.then(settled, settled)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(state.reloads).toBe(1)
    expect(state.stored).toBe('100000')
    expect(settled).not.toHaveBeenCalled()
  })

  it('throws instead of reloading again within 60 s', async () => {
    const { env: e, state } = env('90000')
    await expect(reloadOnChunkError(() => Promise.reject(new Error('boom')), e)()).rejects.toBeInstanceOf(ChunkLoadError)
    expect(state.reloads).toBe(0)
  })
})
