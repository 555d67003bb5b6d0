import type { LocaleId } from '@emporia/shared'
import type { Row } from '../../lib/resource-client'
import { usePress } from '../ui/use-press'
import type { ColumnDef } from './resource'
import type { RowPermissions } from './row-actions'

/** What a record needs to show itself, as a table row or as a card on a phone. */
export interface RecordViewProps {
  row: Row
  id: string
  columns: ColumnDef[]
  language: LocaleId
  lookups: Record<string, Map<string, Row> | undefined>
  selected: boolean
  selecting: boolean
  can: RowPermissions
  onToggle: (id: string) => void
  onEdit: (row: Row) => void
  onClone: (row: Row) => void
  onRemove: (row: Row) => void
  /** Opens the record's own page (ResourceDefinition.open) instead of its editor. */
  onOpen?: (row: Row) => void
}

/**
 * A short press opens the record's page or its editor (or toggles while selecting); a long press
 * toggles (spec §2.12, §4.11).
 */
export const useRecordPress = ({ row, id, selecting, can, onToggle, onEdit, onOpen }: RecordViewProps) =>
  usePress({
    onShortPress: () => (selecting ? onToggle(id) : onOpen ? onOpen(row) : can.edit && onEdit(row)),
    onLongPress: () => onToggle(id)
  })
