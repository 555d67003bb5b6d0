import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { KnexInstrumentation } from '@opentelemetry/instrumentation-knex'
import { KoaInstrumentation } from '@opentelemetry/instrumentation-koa'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'

/*
 * OpenTelemetry traces (issue 38, decision 0209), started by index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set and before the server's modules load. A request is one trace: the HTTP server's span, Koa's
 * middleware spans, a span per Feathers service call (feathers-spans.ts) and the knex and pg spans of its
 * statements (their text with placeholders; values are never recorded). Spans go to the endpoint over
 * OTLP/HTTP (JSON) in batches; the exporter reads the standard OTEL_EXPORTER_OTLP_* settings (headers,
 * timeout) and the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 */

/** The operator's own endpoints are polled every few seconds: traces of them would drown the rest. */
const OPERATOR_PATHS = /^\/(?:livez|readyz|metrics)(?:\?|$)/

let provider: NodeTracerProvider | undefined

export const startTracing = () => {
  if (provider) return provider
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'emporia-server' }))
    .merge(detectResources({ detectors: [envDetector] }))
  provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1000 })]
  })
  provider.register()
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => OPERATOR_PATHS.test(req.url ?? ''),
        // Only calls made while serving a request (a provider's API), not every background poll.
        requireParentforOutgoingSpans: true,
        // Headers and bodies are never recorded; the URL's query is not either.
        headersToSpanAttributes: { server: { requestHeaders: [], responseHeaders: [] } }
      }),
      new KoaInstrumentation(),
      new KnexInstrumentation({ requireParentSpan: true }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false })
    ]
  })
  // Spans still in the batch leave before the process ends.
  const flush = () => void provider?.shutdown().catch(() => undefined)
  process.once('beforeExit', flush)
  return provider
}

/** Sends what is buffered now (a test reads the receiver right after). */
export const flushTraces = () => provider?.forceFlush() ?? Promise.resolve()
