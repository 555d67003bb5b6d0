import { useState } from 'react'
import { Box, useMediaQuery, useTheme } from '@mui/material'
import { Outlet, useLocation, useMatches } from '@tanstack/react-router'
import { AppDrawer } from '../drawer/app-drawer'
import { PlanNotices } from '../shell/plan-notices'
import { useRouteTitle } from '../shell/root-shell'
import { usePageOptionsState } from '../../lib/page-options'
import { TopBar } from './top-bar'
import { useVerifyLock, VerifyGate } from '../../features/settings-verify/verify-gate'

const MINI_KEY = 'emporia-drawer-mini'

/** Drawer and top bar around the page (spec §2.3 default layout). */
export const DefaultLayout = () => {
  const theme = useTheme()
  const mobile = useMediaQuery(theme.breakpoints.down('md'))
  const options = usePageOptionsState()
  const routeTitle = useRouteTitle()
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  // Mini mode is a preference of this device, so it survives reloads.
  const [mini, setMini] = useState(() => localStorage.getItem(MINI_KEY) === '1')
  const [mobileOpen, setMobileOpen] = useState(false)
  // On a phone the drawer is a sheet over the screen: an entry picked there (a new route) closes it.
  const pathname = useLocation({ select: (location) => location.pathname })
  const [shownAt, setShownAt] = useState(pathname)
  if (shownAt !== pathname) {
    setShownAt(pathname)
    if (mobileOpen) setMobileOpen(false)
  }
  // A shop that requires a verified e-mail shows an unverified member the request instead of its screens; the
  // drawer then offers only the verify page, the profile and signing out (menu.ts; decision 0138).
  const needsShop = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.shop })
  const locked = useVerifyLock() && needsShop === true
  const showDrawer = !options.noDrawer && !options.fullPage

  const toggle = () => {
    if (mobile) return setMobileOpen((open) => !open)
    setMini((value) => {
      localStorage.setItem(MINI_KEY, value ? '0' : '1')
      return !value
    })
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {showDrawer && <AppDrawer mini={mini} mobile={mobile} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {!options.fullPage && (
          <TopBar
            title={options.title ?? routeTitle}
            actions={options.actions}
            mini={mini}
            mobile={mobile}
            showMenuButton={showDrawer}
            onMenu={toggle}
          />
        )}
        <Box component="main" data-route={routeName} sx={{ flex: 1, p: options.fullPage ? 0 : { xs: 2, md: 3 } }}>
          {!options.fullPage && !locked && <PlanNotices />}
          {locked ? <VerifyGate /> : <Outlet />}
        </Box>
      </Box>
    </Box>
  )
}
