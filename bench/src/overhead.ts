import { startChild, type ChildHandle } from './support/child'
import { EMPTY_BODY, EMPTY_PATH } from './support/empty-service'
import { BENCH_URL } from './support/postgres'
import { fixed, type Outcome } from './support/report'
import { compareRounds, describe } from './support/rounds'

const checkAnswer = async (url: string) => {
  const response = await fetch(url + EMPTY_PATH)
  const body = await response.text()
  if (response.status !== 200 || body !== EMPTY_BODY) throw new Error(`${url}${EMPTY_PATH} answered ${response.status} ${body}`)
}

/**
 * Framework overhead guard: Emporia's whole REST stack around a service that does nothing,
 * against a bare Fastify route; bare `node:http` and plain Feathers on Koa run alongside to
 * show where the difference comes from.
 */
export const runOverhead = async (log: (line: string) => void): Promise<Outcome> => {
  const servers: ChildHandle[] = []
  try {
    for (const [file, env] of [
      ['servers/emporia.ts', { BENCH_DATABASE_URL: BENCH_URL }],
      ['servers/fastify-empty.ts', {}],
      ['servers/node-http-empty.ts', {}],
      ['servers/feathers-koa-empty.ts', {}],
      // The same Emporia app with its reads through the Koa chain (no fast read path, decision 0105).
      ['servers/emporia.ts', { BENCH_DATABASE_URL: BENCH_URL, BENCH_KOA_PATH: '1' }]
    ] as const) {
      servers.push(await startChild(file, { env }))
      await checkAnswer(servers[servers.length - 1].url)
    }
    const names = ['emporia', 'fastify', 'node:http', 'feathers+koa', 'emporia (Koa path)']
    const [e, f, h, k, ek] = await compareRounds(
      servers.map((s, i) => ({ name: names[i], url: s.url, paths: [EMPTY_PATH], pid: s.pid })),
      log
    )
    const ratio = e.rps / f.rps
    const failed = [e, f, h, k, ek].some((side) => side.failed)
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
        { name: 'fast read path / Koa path', measured: fixed(e.rps / ek.rps) }
      ],
      raw: { emporia: e, fastify: f, nodeHttp: h, feathersKoa: k, emporiaKoaPath: ek, ratio }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}
