import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import { startServerProcess, waitHealthy } from '../support/server-process'

/** A real SMTP server that holds the first message it is given (never answering it) until told not to. */
const stallingSmtp = async () => {
  const received: string[] = []
  let stall = true
  let stalled!: () => void
  const firstStalled = new Promise<void>((resolve) => (stalled = resolve))
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (stall) {
        stream.resume()
        stream.on('end', stalled)
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then(() => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address))
          callback()
        })
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    firstStalled,
    accept: () => (stall = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * The job queue survives `kill -9` (issue 33, decision 0145): the built server, as `npm start` runs it on
 * PGlite, is killed while its mail job is in the middle of sending; restarted on the same data directory,
 * the dead job (its heartbeat gone) is let go to be retried, and the mail goes out once.
 */
describe('job queue: work killed mid-run completes after a restart', { timeout: 300_000 }, () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-jobs-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('kill -9 while the mail job sends; after the restart the mail is sent once and the dead job let go', async () => {
    const smtp = await stallingSmtp()
    const env = { DATA_DIR: dataDir, MAIL_URL: smtp.url, MAIL_LEASE_SECONDS: '5' }
    try {
      const first = await startServerProcess(env)
      await waitHealthy(first)
      const email = `killed-${Date.now()}@example.com`
      const created = await fetch(`${first.url}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret-123', agreeTerms: true })
      })
      expect(created.status).toBe(201)
      // The mail job is sending (the SMTP server has the message and holds its answer): kill it there.
      await smtp.firstStalled
      first.child.kill('SIGKILL')
      await first.exited

      smtp.accept()
      const second = await startServerProcess(env)
      try {
        await waitHealthy(second)
        await vi.waitFor(() => expect(smtp.received).toContain(email), { timeout: 200_000, interval: 200 })
      } finally {
        second.child.kill('SIGTERM')
        expect(await second.exited).toBe(0)
      }
      expect(smtp.received.filter((to) => to === email)).toHaveLength(1)
      const db = await PGlite.create(path.join(dataDir, 'pgdata'))
      try {
        const { rows } = await db.query<{ state: string; output: { value?: { message?: string } } | null }>(
          `select state, output from pgboss.job where name = 'mail.drain'`
        )
        // The job running when the process died was found dead (its heartbeat stopped) and let go, to be
        // tried again; no drain job is left running, and one after the restart sent the mail.
        expect(rows.filter((row) => row.output?.value?.message === 'job heartbeat timeout')).toHaveLength(1)
        expect(rows.filter((row) => row.state === 'active')).toEqual([])
        expect(rows.filter((row) => row.state === 'completed').length).toBeGreaterThanOrEqual(1)
        const { rows: mails } = await db.query<{ status: string }>(`select status from "mailOutbox" where "to" = $1`, [email])
        expect(mails).toEqual([{ status: 'sent' }])
      } finally {
        await db.close()
      }
    } finally {
      await smtp.close()
    }
  })
})
