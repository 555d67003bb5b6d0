import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'

/** Whether traces were asked for (index.ts started them): without, no span hook is installed at all. */
export const tracingRequested = () => Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT)

const tracer = trace.getTracer('emporia-feathers')

/**
 * An app-wide around hook (decision 0209): a span per Feathers service call, outside callers' and the
 * server's own alike, so a call another service makes is nested inside the one that made it. It names the
 * service, method, transport and shop, never the data or the query.
 */
export const serviceSpans = (context: HookContext, next: NextFunction) =>
  tracer.startActiveSpan(
    `${context.path}.${context.method}`,
    {
      kind: context.params.provider ? SpanKind.SERVER : SpanKind.INTERNAL,
      attributes: {
        'feathers.service': context.path,
        'feathers.method': context.method,
        'feathers.provider': String(context.params.provider ?? 'server')
      }
    },
    async (span) => {
      try {
        await next()
      } catch (error) {
        const code = (error as { code?: unknown }).code
        span.setAttribute('feathers.error.code', typeof code === 'number' ? code : 500)
        if (typeof code !== 'number' || code >= 500)
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name })
        throw error
      } finally {
        const shop = (context.params as { shop?: unknown }).shop
        if (typeof shop === 'string') span.setAttribute('emporia.shop', shop)
        span.end()
      }
    }
  )
