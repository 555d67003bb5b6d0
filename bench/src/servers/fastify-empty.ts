import Fastify from 'fastify'
import { announceReady, serveParent } from '../support/ipc'

/**
 * The same answer as Emporia's empty service, from a bare Fastify route (no logger, no schema).
 * BENCH_HEADERS (JSON `[name, value][]`): header lines every answer also carries — the overhead
 * workload passes Emporia's own API headers, to show what their size costs Fastify (a context figure).
 */
const extra = JSON.parse(process.env.BENCH_HEADERS ?? '[]') as [string, string][]
const headers = Object.fromEntries(extra)
const app = Fastify({ logger: false })
app.get<{ Params: { id: string } }>('/api/empty/:id', async (request, reply) => {
  if (extra.length) reply.headers(headers)
  return { id: request.params.id }
})

const main = async () => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  serveParent({}, () => app.close())
  announceReady(app.server)
}

void main()
