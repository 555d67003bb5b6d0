import { Box, TableCell, TableSortLabel } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import type { SortState } from '../../lib/table/sort'
import { usePress } from '../ui/use-press'
import type { ColumnDef } from './resource'
import { fitKind } from './cell-value'

interface SortHeaderProps {
  column: ColumnDef
  sort: SortState
  onCycle: (field: string) => void
  onMulti: (field: string) => void
}

// A header is one line, whatever the language: CJK text would otherwise break after every character.
const headSx = { fontWeight: 600, whiteSpace: 'nowrap' } as const

/** A column head: short press cycles its sort, long press adds it to a multi-sort (spec §4.10, §4.11). */
export const SortHeader = ({ column, sort, onCycle, onMulti }: SortHeaderProps) => {
  const { t } = useListT()
  const index = sort.sortBy.indexOf(column.value)
  const press = usePress({ onShortPress: () => onCycle(column.value), onLongPress: () => onMulti(column.value) })
  const testId = `column-${column.value}`
  if (!column.sortable)
    return (
      <TableCell data-testid={testId} data-fit={fitKind(column)} sx={headSx}>
        {t(column.text)}
      </TableCell>
    )
  return (
    <TableCell
      data-testid={testId}
      data-fit={fitKind(column)}
      data-sort={index < 0 ? 'none' : sort.sortDesc[index] ? 'desc' : 'asc'}
      aria-sort={index < 0 ? undefined : sort.sortDesc[index] ? 'descending' : 'ascending'}
      sx={{ ...headSx, userSelect: 'none', cursor: 'pointer' }}
      {...press}
    >
      <TableSortLabel active={index >= 0} direction={index >= 0 && sort.sortDesc[index] ? 'desc' : 'asc'}>
        {t(column.text)}
        {sort.sortBy.length > 1 && index >= 0 && (
          <Box component="sup" sx={{ ml: 0.5, fontSize: 10 }} data-testid={`${testId}-order`}>
            {index + 1}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  )
}
