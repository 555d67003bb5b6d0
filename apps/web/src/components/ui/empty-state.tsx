import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** What a panel or list shows before its data exists: an icon and one sentence saying what will come. */
export const EmptyState = ({ icon, text, testId }: { icon: ReactNode; text: string; testId?: string }) => (
  <Box data-testid={testId} sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>
    <Box sx={{ fontSize: 40, opacity: 0.5, '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
    <Typography variant="body2">{text}</Typography>
  </Box>
)
