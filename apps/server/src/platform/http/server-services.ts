import type { AuthenticationService } from '@feathersjs/authentication'
import type { Application as FeathersApplication } from '@feathersjs/feathers'
import type { Application as KoaApplication } from '@feathersjs/koa'
import type { AttachmentUploadToken, ServiceMethods, ServiceShape, ServiceTypes } from '@emporia/shared'

type Switches = Record<string, boolean>

/**
 * The shared service map (packages/shared, which types the web client too) plus what only the server
 * knows: its own paths, and the authentication service as Feathers makes it (token methods the
 * server calls itself). A call by a known path is typed the same on both sides of the wire.
 */
export interface ServerServiceTypes extends Omit<ServiceTypes, 'authentication'> {
  authentication: AuthenticationService
  /** The switches the web shell reads (its `Features`), built from the configuration. */
  features: ServiceMethods<ServiceShape<Switches, never, never, Record<string, unknown>, Switches>>
  /** Export progress events only (decision 0022); the export itself is an HTTP download. */
  export: ServiceMethods<ServiceShape<Record<string, unknown>, never, never>>
  /** The import runs' error sheet (decision 0170): an HTTP download, no methods. */
  'imports/:__id/errors': ServiceMethods<ServiceShape<Record<string, unknown>, never, never>>
  /** The mini-program package (decision 0206): an HTTP download, no methods. */
  'mini/package': ServiceMethods<ServiceShape<Record<string, unknown>, never, never>>
  'attachments/token': ServiceMethods<ServiceShape<AttachmentUploadToken, Record<string, never>, never>>
}

/** Every path the server offers. */
export type ServerPath = keyof ServerServiceTypes & string

/** The server's Feathers app, typed by the map: `app.service(path)` answers that path's types. */
export type App = FeathersApplication<ServerServiceTypes>

/** The same app as Koa serves it (middleware, the HTTP server once listening). */
export type KoaApp = KoaApplication<ServerServiceTypes>
