import { Badge, IconButton } from '@mui/material'
import type { ReactNode } from 'react'
import { usePress } from './use-press'

interface PressButtonProps {
  label: string
  icon: ReactNode
  onShortPress?: () => void
  onLongPress?: () => void
  badge?: number | string
  testId?: string
}

/** An icon button that tells a short press from a long one, with an optional badge (spec §2.5). */
export const PressButton = ({ label, icon, onShortPress, onLongPress, badge, testId }: PressButtonProps) => {
  const press = usePress({ onShortPress, onLongPress })
  return (
    <IconButton color="inherit" aria-label={label} title={label} data-testid={testId} {...press}>
      <Badge badgeContent={badge} color="secondary" data-testid={testId ? `${testId}-badge` : undefined}>
        {icon}
      </Badge>
    </IconButton>
  )
}
