import { startChild, type ChildHandle } from './support/child'
import { EMPTY_BODY, EMPTY_PATH } from './support/empty-service'
import { BENCH_URL } from './support/postgres'
import { fixed, type Outcome } from './support/report'
import { compareRounds, describe } from './support/rounds'

const checkAnswer = async (url: string) => {
  const response = await fetch(url + EMPTY_PATH)
  const body = await response.text()
  if (response.status !== 200 || body !== EMPTY_BODY) throw new Error(`${url}${EMPTY_PATH} answered ${response.status} ${body}`)
  return response.headers
}

/** Header lines both servers set themselves (or Node does): everything else is Emporia's own API policy. */
const COMMON = new Set(['date', 'connection', 'keep-alive', 'content-type', 'content-length', 'transfer-encoding'])

/**
 * Framework overhead guard: Emporia's whole REST stack around a service that does nothing,
 * against a bare Fastify route; bare `node:http` and plain Feathers on Koa run alongside to
 * show where the difference comes from.
 */
export const runOverhead = async (log: (line: string) => void): Promise<Outcome> => {
  const servers: ChildHandle[] = []
  try {
    let emporiaHeaders: [string, string][] = []
    for (const [file, env] of [
      ['servers/emporia.ts', { BENCH_DATABASE_URL: BENCH_URL }],
      ['servers/fastify-empty.ts', {}],
      ['servers/node-http-empty.ts', {}],
      ['servers/feathers-koa-empty.ts', {}],
      // The same Emporia app with its reads through the Koa chain (no fast read path, decision 0105).
      ['servers/emporia.ts', { BENCH_DATABASE_URL: BENCH_URL, BENCH_KOA_PATH: '1' }],
      // Context only (the goal stays against bare Fastify): Fastify sending Emporia's security headers too.
      ['servers/fastify-empty.ts', { BENCH_HEADERS: 'emporia' }]
    ] as const) {
      const extra = env.BENCH_HEADERS === 'emporia' ? { BENCH_HEADERS: JSON.stringify(emporiaHeaders) } : {}
      servers.push(await startChild(file, { env: { ...env, ...extra } }))
      const headers = await checkAnswer(servers[servers.length - 1].url)
      if (servers.length === 1) emporiaHeaders = [...headers].filter(([name]) => !COMMON.has(name))
      // The context side must really send the same header lines, or its figure means nothing.
      if (env.BENCH_HEADERS && (!emporiaHeaders.length || emporiaHeaders.some(([name, value]) => headers.get(name) !== value)))
        throw new Error('the Fastify side does not send the Emporia API headers')
    }
    const names = ['emporia', 'fastify', 'node:http', 'feathers+koa', 'emporia (Koa path)', 'fastify + Emporia headers']
    const [e, f, h, k, ek, fh] = await compareRounds(
      servers.map((s, i) => ({ name: names[i], url: s.url, paths: [EMPTY_PATH], pid: s.pid })),
      log
    )
    const ratio = e.rps / f.rps
    const failed = [e, f, h, k, ek, fh].some((side) => side.failed)
    return {
      workload: 'overhead (empty get)',
      erroring: failed,
      figures: [
        { name: 'Emporia GET /api/empty/1', measured: describe(e), pass: e.failed ? false : undefined },
        { name: 'Fastify same route', measured: describe(f), pass: f.failed ? false : undefined },
        { name: 'Emporia / Fastify', measured: fixed(ratio), goal: '>= 0.65', pass: !e.failed && !f.failed && ratio >= 0.65 },
        { name: 'bare node:http', measured: describe(h), pass: h.failed ? false : undefined },
        { name: 'plain Feathers on Koa', measured: describe(k), pass: k.failed ? false : undefined },
        { name: 'Emporia / plain Feathers+Koa', measured: fixed(e.rps / k.rps) },
        { name: 'Emporia, reads through Koa', measured: describe(ek), pass: ek.failed ? false : undefined },
        { name: 'fast read path / Koa path', measured: fixed(e.rps / ek.rps) },
        {
          name: `Fastify with Emporia's ${emporiaHeaders.length} API headers (context)`,
          measured: describe(fh),
          pass: fh.failed ? false : undefined
        },
        { name: 'Emporia / Fastify with the same headers (context, not the goal)', measured: fixed(e.rps / fh.rps) }
      ],
      raw: { emporia: e, fastify: f, nodeHttp: h, feathersKoa: k, emporiaKoaPath: ek, fastifyHeaders: fh, ratio }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}
