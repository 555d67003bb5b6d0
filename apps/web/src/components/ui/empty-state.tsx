import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'

interface EmptyStateProps {
  icon: ReactNode
  text: string
  testId?: string
  /** What to do next (a list's "Add your first product", a search's "Clear search"). */
  action?: ReactNode
}

/** What a panel or list shows before its data exists: an icon, one sentence saying what will come, and what to do. */
export const EmptyState = ({ icon, text, testId, action }: EmptyStateProps) => (
  <Box data-testid={testId} sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>
    <Box sx={{ fontSize: 40, opacity: 0.5, '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
    <Typography variant="body2" data-testid={testId && `${testId}-text`}>
      {text}
    </Typography>
    {action && <Box sx={{ mt: 2 }}>{action}</Box>}
  </Box>
)
