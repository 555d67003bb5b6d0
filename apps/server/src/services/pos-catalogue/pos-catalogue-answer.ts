import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'

const gzipped = promisify(gzip)

/**
 * A whole catalogue answered over REST (decision 0096): its JSON text as built, sent as it is — or
 * gzipped, once per version of the text, to every client that accepts it — instead of being parsed
 * into objects only to be serialised again. Anything that serialises it as an object still can.
 */
export class PreparedAnswer {
  private zipped: Promise<Buffer> | undefined

  constructor(
    readonly text: string,
    private readonly shared?: { key: string; slot: Map<string, Promise<Buffer>> }
  ) {}

  /**
   * Level 1: most of the saving at a fraction of level 6's time (docs/benchmarks.md); zlib runs off the
   * event loop. The last text's gzip is kept per shop for the next till that loads the same.
   */
  gzip(): Promise<Buffer> {
    if (this.zipped) return this.zipped
    const { shared } = this
    const kept = shared?.slot.get(shared.key)
    if (kept) return (this.zipped = kept)
    this.zipped = gzipped(this.text, { level: 1 })
    if (shared) {
      shared.slot.clear()
      shared.slot.set(shared.key, this.zipped)
      this.zipped.catch(() => shared.slot.clear())
    }
    return this.zipped
  }

  toJSON(): unknown {
    return JSON.parse(this.text)
  }
}

/** The service's Koa `after` step: a prepared answer leaves gzipped when the client accepts it, else as its text. */
export const sendPrepared = async (ctx: FeathersKoaContext, next: Next) => {
  const body: unknown = ctx.body
  if (!(body instanceof PreparedAnswer)) return next()
  ctx.vary('Accept-Encoding')
  // No Accept-Encoding at all means "anything" to the negotiator: a plain client gets plain JSON.
  if (ctx.get('Accept-Encoding') && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.body = await body.gzip()
    ctx.set('Content-Encoding', 'gzip')
  } else ctx.body = body.text
  ctx.type = 'application/json; charset=utf-8'
  return next()
}
