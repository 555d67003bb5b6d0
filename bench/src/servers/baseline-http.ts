import http from 'node:http'
import pg from 'pg'
import { announceReady, serveParent } from '../support/ipc'
import { PAGE_SQL, parseListUrl } from '../support/list-query'

/**
 * The floor to compare with: bare `node:http` and a `pg` pool (as large as Emporia's knex pool)
 * running the same page query, with no total, no framework and no query language.
 */
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 })

const server = http.createServer((req, res) => {
  const fail = (status: number) => {
    res.writeHead(status)
    res.end()
  }
  if (!req.url?.startsWith('/api/benchItems?')) return fail(404)
  const { shop, status, term, limit, skip } = parseListUrl(req.url)
  pool.query(PAGE_SQL, [shop, status, term, limit, skip]).then(
    ({ rows }) => {
      const body = JSON.stringify({ limit, skip, data: rows })
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    },
    () => fail(500)
  )
})

server.listen(0, '127.0.0.1', () => {
  serveParent({}, async () => {
    server.close()
    await pool.end()
  })
  announceReady(server)
})
