import Fastify from 'fastify'
import { announceReady, serveParent } from '../support/ipc'

/** The same answer as Emporia's empty service, from a bare Fastify route (no logger, no schema). */
const app = Fastify({ logger: false })
app.get<{ Params: { id: string } }>('/api/empty/:id', async (request) => ({ id: request.params.id }))

const main = async () => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  serveParent({}, () => app.close())
  announceReady(app.server)
}

void main()
