import type { startTracing } from './platform/observability/tracing'

/*
 * What `npm start` runs. Traces (decision 0209) are started only when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * and before the server's modules load, so the HTTP server, Koa, knex and pg are instrumented as they
 * load; without it nothing of OpenTelemetry's SDK is loaded. The server and the tracing are their own
 * files of the build (build.mjs), imported by a computed address so the bundler leaves them apart.
 */
const fromSource = import.meta.url.endsWith('.ts')
const file = (source: string, built: string) => new URL(fromSource ? source : built, import.meta.url).href

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const tracing = (await import(file('./platform/observability/tracing.ts', './tracing.js'))) as {
    startTracing: typeof startTracing
  }
  tracing.startTracing()
}
await import(file('./server.ts', './server.js'))
