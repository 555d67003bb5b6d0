/**
 * The Xero double as its own process, for by-hand checks:
 *   npx tsx apps/server/test/support/xero-double-main.ts
 * prints the server's settings as its first lines (XERO_CLIENT_ID, XERO_IDENTITY_BASE, XERO_API_BASE).
 * Its consent page approves at once; GET /_double/state shows what was pushed. XERO_DOUBLE_PORT picks the port.
 */
import { startXeroDouble } from './xero-double'

const double = await startXeroDouble({ port: Number(process.env.XERO_DOUBLE_PORT ?? 0) })
console.log(`XERO_CLIENT_ID=${double.clientId}`)
console.log(`XERO_IDENTITY_BASE=${double.identityBase}`)
console.log(`XERO_API_BASE=${double.apiBase}`)

const stop = () => {
  void double.close().then(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
