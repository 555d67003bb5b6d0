import { Box } from '@mui/material'
import { Outlet, useMatches } from '@tanstack/react-router'

/** No chrome: pages that only redirect (index, logout). */
export const BareLayout = () => {
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  return (
    <Box component="main" data-route={routeName}>
      <Outlet />
    </Box>
  )
}
