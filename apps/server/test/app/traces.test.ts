import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dialects, freshDb } from '../support/databases'
import { startServerProcess, waitHealthy, type ServerProcess } from '../support/server-process'
import { PATIENCE } from '../support/waits'

interface Span {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  scope: string
}

/** A local OTLP/HTTP receiver: what the server's exporter sends, as JSON, kept whole and as spans. */
const otlpReceiver = async () => {
  const bodies: string[] = []
  const spans: Span[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        bodies.push(body)
        const sent = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: Omit<Span, 'scope'>[] }[] }[]
        }
        for (const resource of sent.resourceSpans)
          for (const scoped of resource.scopeSpans)
            for (const span of scoped.spans) spans.push({ ...span, scope: scoped.scope.name })
      }
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans,
    close: () => new Promise((resolve) => server.close(resolve))
  }
}

/**
 * Traces of a request (issue 38, decision 0209): the built server with OTEL_EXPORTER_OTLP_ENDPOINT set sends
 * one trace per request to the OTLP endpoint — the HTTP server's span, Koa's middleware, the Feathers service
 * call and its statements through knex (and pg on PostgreSQL), each nested in the one that made it.
 */
describe.each(await dialects())('traces of a request through Koa, Feathers, knex and pg (%s)', (dialect) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>
  let server: ServerProcess
  let dataDir: string
  let database: Awaited<ReturnType<typeof freshDb>> | undefined
  beforeAll(async () => {
    receiver = await otlpReceiver()
    dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-traces-'))
    database = dialect === 'postgres' ? await freshDb('postgres') : undefined
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'emporia-under-test',
      LOG_LEVEL: 'warn'
    })
    await waitHealthy(server)
  })
  afterAll(async () => {
    server.child.kill('SIGTERM')
    await server.exited
    await receiver.close()
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends one trace with the spans nested from the HTTP request down to the statements', async () => {
    const email = `traced-${Math.random().toString(36).slice(2)}@example.com`
    const response = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-123', agreeTerms: true })
    })
    expect(response.status).toBe(201)

    // The service call's span and its statements arrive in the exporter's batches.
    const call = await vi.waitFor(() => {
      const found = receiver.spans.find((span) => span.name === 'users.create' && span.scope === 'emporia-feathers')
      if (!found) throw new Error('no span of the users service call yet')
      const trace = receiver.spans.filter((span) => span.traceId === found.traceId)
      if (!trace.some((span) => span.scope === '@opentelemetry/instrumentation-http')) throw new Error('no HTTP span yet')
      return found
    }, PATIENCE)
    const trace = receiver.spans.filter((span) => span.traceId === call.traceId)
    const byId = new Map(trace.map((span) => [span.spanId, span]))
    const ancestors = (span: Span) => {
      const chain: Span[] = []
      for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? ''))
        chain.push(parent)
      return chain
    }

    // HTTP server span at the root, Koa's middleware between it and the service call.
    const root = trace.find((span) => !span.parentSpanId)
    expect(root).toMatchObject({ scope: '@opentelemetry/instrumentation-http', kind: 2, name: 'POST' })
    const above = ancestors(call)
    expect(above.at(-1)).toBe(root)
    expect(above.some((span) => span.scope === '@opentelemetry/instrumentation-koa')).toBe(true)
    // The statements of the call nested in it: knex's, and on PostgreSQL the driver's under them.
    const statements = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-knex')
    expect(statements.some((span) => span.name.startsWith('insert') && ancestors(span).includes(call))).toBe(true)
    if (dialect === 'postgres') {
      const driver = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-pg')
      expect(
        driver.some((span) => ancestors(span).some((parent) => parent.scope === '@opentelemetry/instrumentation-knex'))
      ).toBe(true)
    }
    // Statements are sent as their text with placeholders: the address and the password are in no span.
    const sent = receiver.bodies.join('')
    expect(sent).toContain('emporia-under-test')
    expect(sent).not.toContain(email)
    expect(sent).not.toContain('secret-123')
  })
})
