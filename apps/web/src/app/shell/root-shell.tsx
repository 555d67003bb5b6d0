import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { CssBaseline, ThemeProvider } from '@mui/material'
import { Outlet, useMatches } from '@tanstack/react-router'
import { useSession } from '../../lib/auth'
import { useT } from '../../lib/i18n/i18n'
import { usePageOptionsState } from '../../lib/page-options'
import { ProcessingIndicator } from './processing-indicator'
import { useNotices } from '../../lib/notify'
import { createAppTheme } from './theme'

// Messages are rare on the way in: the snackbar code loads with the first one.
const Snackbars = lazy(() => import('./snackbars').then((module) => ({ default: module.Snackbars })))

// Only signed-in users can receive orders: the popup's code waits until then.
const NewOrderPopup = lazy(() => import('../new-order/new-order-popup').then((module) => ({ default: module.NewOrderPopup })))

/** The route's default title key, e.g. `route.orders`. */
export const useRouteTitle = (): string | undefined => {
  const { tAny } = useT()
  const spec = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec })
  return spec && spec.name !== 'index' ? tAny(`route.${spec.name}`) : undefined
}

/** Everything around every page: theme, title, messages, the processing bar and the order popup. */
export const RootShell = () => {
  const { t, language } = useT()
  const options = usePageOptionsState()
  const routeTitle = useRouteTitle()
  const session = useSession()
  const notices = useNotices()
  const [hadNotice, setHadNotice] = useState(false)
  if (!hadNotice && (notices.error || notices.success)) setHadNotice(true)
  const theme = useMemo(
    () => createAppTheme(Boolean(options.dark), options.fontSize === 'large', language),
    [options.dark, options.fontSize, language]
  )
  const title = options.title ?? routeTitle

  useEffect(() => {
    // The default title is the product's name (spec §2.1); a page's title goes in front of it.
    document.title = title ? `${title} | ${t('app.name')}` : t('app.name')
  }, [title, t])

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ProcessingIndicator />
      {hadNotice && (
        <Suspense fallback={null}>
          <Snackbars />
        </Suspense>
      )}
      {session.status === 'signed-in' && (
        <Suspense fallback={null}>
          <NewOrderPopup />
        </Suspense>
      )}
      <div data-testid="app-root" style={options.noSelect ? { userSelect: 'none', WebkitUserSelect: 'none' } : undefined}>
        <Outlet />
      </div>
    </ThemeProvider>
  )
}
