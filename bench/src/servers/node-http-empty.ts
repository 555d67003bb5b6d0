import http from 'node:http'
import { EMPTY_BODY, EMPTY_PATH } from '../support/empty-service'
import { announceReady, serveParent } from '../support/ipc'

/** The floor of the overhead guard: bare `node:http`, the "hello-world" reference. */
const server = http.createServer((req, res) => {
  if (req.url !== EMPTY_PATH) {
    res.writeHead(404)
    res.end()
    return
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': EMPTY_BODY.length })
  res.end(EMPTY_BODY)
})

server.listen(0, '127.0.0.1', () => {
  serveParent({}, async () => {
    server.close()
  })
  announceReady(server)
})
