import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SendGridProvider } from '../../../src/platform/mail/sendgrid-provider'
import { renderMail } from '../../../src/platform/mail/templates'
import type { MailMessage, PlatformMailType } from '../../../src/platform/mail/types'

interface Posted {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

// SendGrid is on the internet: the official client is pointed at this double of its v3 API.
describe('SendGrid provider', () => {
  let server: Server
  let baseUrl: string
  const posted: Posted[] = []
  let status = 202

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        posted.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8'))
        })
        res.statusCode = status
        res.setHeader('X-Message-Id', `msg-${posted.length}`)
        if (status >= 400) {
          res.setHeader('Content-Type', 'application/json')
          res.end(JSON.stringify({ errors: [{ message: 'The from address does not match a verified Sender Identity.' }] }))
        } else res.end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  beforeEach(() => {
    posted.length = 0
    status = 202
  })

  // As the mailer hands it over: the rendered parts, and the values with the localised expiry added.
  const message = (type: PlatformMailType, values: Record<string, string | number>): MailMessage => ({
    from: 'Emporia <no-reply@localhost>',
    to: 'ann@example.com',
    type,
    ...renderMail(type, 'en', values)
  })

  it('sends the rendered mail when the shop has no template for the type', async () => {
    const provider = new SendGridProvider({ apiKey: 'SG.test-key', from: 'shop@example.com', baseUrl })
    const result = await provider.send(message('verify', { code: '123456', name: 'Ann' }))
    expect(result).toEqual({ id: 'msg-1' })
    expect(posted).toHaveLength(1)
    const [{ method, url, headers, body }] = posted
    expect(method).toBe('POST')
    expect(url).toBe('/v3/mail/send')
    expect(headers.authorization).toBe('Bearer SG.test-key')
    expect(body.personalizations).toEqual([{ to: [{ email: 'ann@example.com' }] }])
    expect(body.from).toEqual({ email: 'shop@example.com' })
    expect(body.subject).toBe('Verify your e-mail address for Emporia')
    expect(body.template_id).toBeUndefined()
    const content = body.content as { type: string; value: string }[]
    expect(content.map((part) => part.type)).toEqual(['text/plain', 'text/html'])
    expect(content.every((part) => part.value.includes('123456'))).toBe(true)
  })

  it("uses the shop's dynamic template with the values when it has one for the type", async () => {
    const provider = new SendGridProvider({
      apiKey: 'SG.other-key',
      from: 'shop@example.com',
      baseUrl,
      templateIds: { resetPassword: 'd-reset-template' }
    })
    await provider.send(message('resetPassword', { code: '654321', name: 'Ann', minutes: 15 }))
    const [{ headers, body }] = posted
    expect(headers.authorization).toBe('Bearer SG.other-key')
    expect(body.template_id).toBe('d-reset-template')
    expect(body.personalizations).toEqual([
      {
        to: [{ email: 'ann@example.com' }],
        dynamic_template_data: { code: '654321', name: 'Ann', minutes: 15, expiresIn: '15 minutes' }
      }
    ])
    expect(body.content).toBeUndefined()
    expect(body.subject).toBeUndefined()

    // a type without a template id still goes out rendered
    await provider.send(message('passwordChanged', { name: 'Ann' }))
    expect(posted[1].body.template_id).toBeUndefined()
    expect(posted[1].body.subject).toBe('Your Emporia password was changed')
  })

  it('a refusal by SendGrid rejects the send, so the outbox retries it', async () => {
    status = 403
    const provider = new SendGridProvider({ apiKey: 'SG.test-key', from: 'unverified@example.com', baseUrl })
    await expect(provider.send(message('passwordChanged', {}))).rejects.toThrow(/Forbidden/)
  })
})
