import type { WeightUnit } from '@emporia/shared'
import { posUnitsMessages } from './pos-units.messages'

/** The message key of a weight unit's name at the till (an unknown unit has none: shown as it is). */
export const posUnitKey = (unit: string) =>
  (`pos.unit.${unit}` in posUnitsMessages.en ? `pos.unit.${unit as WeightUnit}` : undefined) as
    `pos.unit.${WeightUnit}` | undefined
