import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * The busy Saturday bench's storefront orders mailed nobody (docs/benchmarks.md): its server processes load
 * the server's sources through tsx with the bench's settings, under which the shop mail template's JSX
 * compiled to `React.createElement` with no React in scope, so every shop mail failed as `mail.renderFailed`
 * and the checkout went on (decision 0148). The template names its JSX runtime itself (decision 0215): it
 * renders whatever project settings load it. Here, a process whose settings say the classic runtime.
 */
describe('shop mail template under another project’s JSX settings', () => {
  it('renders a pick-up order’s confirmation when loaded with classic JSX settings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emporia-jsx-'))
    try {
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { jsx: 'react' } }))
      const render = path.join(SERVER, 'src/platform/mail/shop-mails/render-shop-mail.ts')
      const order = {
        orderId: '000042',
        date: '2026-11-28T03:00:00.000Z',
        customerName: 'Shopper',
        lines: [{ name: 'Tea', quantity: 1, price: 500, total: 500 }],
        subtotal: 500,
        shippingFee: 0,
        discount: 0,
        total: 500,
        payment: 'cash'
      }
      writeFileSync(
        path.join(dir, 'render.mts'),
        [
          `import { renderShopMail } from ${JSON.stringify(render)}`,
          `const mail = await renderShopMail('order', 'en', ${JSON.stringify({ brand: { name: 'Saturday 0', color: '#336699' }, order })})`,
          'console.log(JSON.stringify({ subject: mail.subject, text: mail.text }))'
        ].join('\n')
      )
      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(dir, 'render.mts')], {
        cwd: SERVER,
        env: { ...process.env, TSX_TSCONFIG_PATH: path.join(dir, 'tsconfig.json') }
      })
      const mail = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { subject: string; text: string }
      expect(mail.subject).toBe('Your order 000042 is confirmed')
      expect(mail.text).toContain('Tea')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
