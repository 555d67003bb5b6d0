import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A local SMTP server that takes every message at once and counts them (the mail benches' sink). */
export const countingSmtp = async () => {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++
        callback()
      })
      stream.resume()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

export type SmtpSink = Awaited<ReturnType<typeof countingSmtp>>
