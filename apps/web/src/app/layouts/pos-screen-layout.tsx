import { Box } from '@mui/material'
import { Outlet, useMatches } from '@tanstack/react-router'

/** The customer-facing second screen (spec §2.3): full screen, dark, no chrome to touch. */
export const PosScreenLayout = () => {
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  return (
    <Box
      component="main"
      data-route={routeName}
      data-testid="pos-screen-layout"
      sx={{
        minHeight: '100vh',
        bgcolor: '#111827',
        color: '#f9fafb',
        userSelect: 'none',
        display: 'flex',
        flexDirection: 'column'
      }}
    >
      <Outlet />
    </Box>
  )
}
