import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router'
import { reloadOnChunkError } from '../../lib/chunk-reload'

/** Every page and layout is its own chunk; a failed chunk reloads at most once per 60 s (spec §4.12). */
export const lazyPage = <M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, name: K) =>
  lazyRouteComponent(reloadOnChunkError(importer) as () => Promise<M>, name) as unknown as RouteComponent
