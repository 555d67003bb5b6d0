import { measure, type LoadOptions } from '../support/load'
import { announceReady, serveParent } from '../support/ipc'

/**
 * autocannon in a process of its own: the load generator no longer shares the server's event loop
 * (storefront.ts runs the server in the orchestrator's process). `measure` takes LoadOptions and
 * answers the LoadResult; its CPU figures name this process as the load generator.
 */
serveParent({ measure: (options) => measure(options as LoadOptions) }, async () => undefined)
announceReady(null)
