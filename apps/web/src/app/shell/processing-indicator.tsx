import { Box } from '@mui/material'
import { keyframes } from '@emotion/react'
import { useIsFetching, useIsMutating } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useT } from '../../lib/i18n/i18n'
import { useDelayedLoading } from '../../lib/loading-delay'

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`

/**
 * The app-level processing flag (spec §4.5): a page loading, a query fetching or a change being
 * saved. A plain CSS bar: it shows on almost every navigation, so it stays in the entry, and MUI's
 * LinearProgress would add its weight there.
 */
export const ProcessingIndicator = () => {
  const { t } = useT()
  const navigating = useRouterState({ select: (state) => state.status === 'pending' })
  // Shown once the work lasts 200 ms, then for 200 ms at least (spec §9.3): quick answers do not flicker.
  const busy = useDelayedLoading(useIsFetching() + useIsMutating() > 0 || navigating)
  if (!busy) return null
  return (
    <Box
      role="progressbar"
      aria-label={t('status.processing')}
      data-testid="processing"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, overflow: 'hidden', zIndex: 1500, bgcolor: 'primary.light' }}
    >
      <Box sx={{ width: '40%', height: '100%', bgcolor: 'primary.main', animation: `${slide} 1.2s ease-in-out infinite` }} />
    </Box>
  )
}
