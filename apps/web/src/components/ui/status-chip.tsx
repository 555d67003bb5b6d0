import { Chip } from '@mui/material'
import type { ChipColour } from '../../lib/order-labels'

/** A record's status as a small coloured chip (orders, payments); the text carries the meaning, the colour helps. */
export const StatusChip = ({ label, colour, testId }: { label: string; colour: ChipColour; testId?: string }) => (
  <Chip size="small" label={label} color={colour} variant={colour === 'default' ? 'outlined' : 'filled'} data-testid={testId} />
)
