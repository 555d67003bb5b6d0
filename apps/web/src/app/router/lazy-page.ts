import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router'
import { reloadOnChunkError } from '../../lib/chunk-reload'

/** Every page and layout is its own chunk; a failed chunk reloads at most once per 60 s (spec §4.12). */
export const lazyPage = <K extends string>(importer: () => Promise<Record<K, RouteComponent>>, name: K): RouteComponent =>
  lazyRouteComponent(reloadOnChunkError(importer), name)
