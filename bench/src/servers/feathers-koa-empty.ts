import { feathers } from '@feathersjs/feathers'
import { bodyParser, errorHandler, koa, rest } from '@feathersjs/koa'
import { EmptyService } from '../support/empty-service'
import { announceReady, serveParent } from '../support/ipc'

/**
 * A plain generated-style Feathers-on-Koa app (error handler, body parser, REST) with the same
 * service: separates what Feathers + Koa cost from what Emporia's own middleware adds.
 */
const app = koa(feathers())
app.use(errorHandler())
app.use(bodyParser())
app.configure(rest())
app.use('api/empty', new EmptyService(), { methods: ['get'] })

const main = async () => {
  const server = await app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  serveParent({}, async () => {
    await app.teardown()
  })
  announceReady(server)
}

void main()
