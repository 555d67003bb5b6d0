import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { startServerProcess, waitHealthy } from '../support/server-process'

/**
 * The embedded database (PGlite) runs in the server process. These tests use the built server,
 * as `npm start` runs it, on a real data directory.
 */
// Real server processes start on fresh data directories: beside CI's other suites that takes minutes, not seconds.
describe('embedded database: one process per data directory, no acknowledged write lost', { timeout: 300_000 }, () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-durability-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('a second server on the same DATA_DIR refuses to start with a clear message', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir })
    try {
      await waitHealthy(first)
      const second = await startServerProcess({ DATA_DIR: dataDir })
      const code = await second.exited
      expect(code).toBe(3)
      expect(second.output()).toMatch(/in use by another Emporia process \(pid \d+\)/)
      // and the first one is still serving
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
    } finally {
      first.child.kill('SIGTERM')
      await first.exited
    }
  })

  it('kill -9 in the middle of writes, three times over: every acknowledged write survives', async () => {
    const acknowledged = new Set<string>()
    let sequence = 0
    for (let round = 0; round < 3; round++) {
      const server = await startServerProcess({ DATA_DIR: dataDir })
      await waitHealthy(server)
      let killed = false
      // 8 writers in parallel until the kill; only a 201 with an id counts as acknowledged.
      const writer = async () => {
        while (!killed) {
          const email = `k${round}-${sequence++}@example.com`
          try {
            const response = await fetch(`${server.url}/api/users`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email, password: 'secret-123', agreeTerms: true })
            })
            if (response.status === 201) acknowledged.add(((await response.json()) as { _id: string })._id)
          } catch {
            // the connection died with the process: not acknowledged
          }
        }
      }
      const writers = Array.from({ length: 8 }, writer)
      // Kill once this round has had acknowledgements, however slow the machine (the test's limit is the
      // safety net for a stuck server), then a little later each round, so the kill lands at varying moments.
      const target = acknowledged.size + 10
      await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThanOrEqual(target), { timeout: 200_000, interval: 20 })
      await new Promise((resolve) => setTimeout(resolve, 50 + round * 70))
      server.child.kill('SIGKILL')
      killed = true
      await server.exited
      await Promise.all(writers)
    }
    expect(acknowledged.size).toBeGreaterThan(20)

    // A restart recovers (the stale lock of the killed process is taken over) …
    const restarted = await startServerProcess({ DATA_DIR: dataDir })
    await waitHealthy(restarted)
    restarted.child.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)
    // … and the files hold every acknowledged record.
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    const { rows } = await db.query<{ _id: string }>('select "_id" from users')
    await db.close()
    const stored = new Set(rows.map((row) => row._id.trim()))
    const lost = [...acknowledged].filter((id) => !stored.has(id))
    expect(lost).toEqual([])
    // Four server starts and argon2 registrations: 45 s alone, 152 s once beside the browser suite at load 12
    // on 2 cores; the limit is a safety net for a stuck server, not a measure.
  }, 400_000)
})
