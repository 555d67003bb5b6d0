import { createRootRouteWithContext, createRoute, createRouter, type AnyRoute } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { handleNoShop } from '../../lib/shop'
import { ErrorPage, NotFoundPage } from '../../components/ui/error-page'
import { RootShell } from '../shell/root-shell'
import { layouts, pages } from './pages'
import { routeSpecs, type LayoutName, type RouteSpec } from './route-paths'
import { applyLanguageParam, PAGE_STEPS, runSteps } from './steps'
import { handleTwoStepSetupRequired } from '../../lib/two-step-required'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    spec?: RouteSpec
  }
}

export interface RouterContext {
  queryClient: QueryClient
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Before any page's steps, so that `?lang=` works on the 404 page too.
  beforeLoad: ({ search, location }) => applyLanguageParam(search as Record<string, unknown>, location),
  component: RootShell,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage
})

// Every route exists twice (spec §2.1): at the root and under a `/{shop}` prefix.
const shopRoute = createRoute({ getParentRoute: () => rootRoute, path: '$shop' })

const layoutNames: LayoutName[] = ['default', 'login', 'invoice', 'posScreen', 'bare']

const buildTree = (parent: AnyRoute, prefix: 'root' | 'shop') => {
  const layoutRoutes = new Map(
    layoutNames.map((name) => [
      name,
      createRoute({ getParentRoute: () => parent, id: `${prefix}-${name}`, component: layouts[name] }) as AnyRoute
    ])
  )
  const children = new Map<LayoutName, AnyRoute[]>(layoutNames.map((name) => [name, []]))
  for (const declared of routeSpecs) {
    // `/{shop}/` is the shop index and shows the dashboard (spec §2.2).
    const spec: RouteSpec =
      prefix === 'shop' && declared.path === '' ? { ...routeSpecs.find((s) => s.name === 'dashboard')!, path: '' } : declared
    const layout = layoutRoutes.get(spec.layout)!
    const route = createRoute({
      getParentRoute: () => layout,
      path: spec.path === '' ? '/' : spec.path,
      staticData: { spec },
      component: pages[spec.page],
      beforeLoad: ({ params, search, location, context }) =>
        runSteps(PAGE_STEPS, {
          spec,
          params: params as { shop?: string; id?: string },
          search: search as Record<string, unknown>,
          href: location.href,
          queryClient: (context as RouterContext).queryClient
        })
    })
    children.get(spec.layout)!.push(route as AnyRoute)
  }
  return [...layoutRoutes.entries()].map(([name, route]) => route.addChildren(children.get(name)!))
}

const routeTree = rootRoute.addChildren([...buildTree(rootRoute, 'root'), shopRoute.addChildren(buildTree(shopRoute, 'shop'))])

export const createAppRouter = (queryClient: QueryClient) => {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // The 404 page is one full page, not a hole inside whichever layout matched a prefix.
    notFoundMode: 'root',
    defaultPreload: 'intent',
    defaultPendingMinMs: 0
  })
  handleNoShop(() => void router.navigate({ to: '/eshop' }))
  handleTwoStepSetupRequired(() => {
    if (!router.state.location.pathname.endsWith('/profile')) router.history.push('/profile?twoStep=required')
  })
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>
