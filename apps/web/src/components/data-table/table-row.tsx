import { Box, Checkbox, TableCell, TableRow } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { CellValue, fitKind } from './cell-value'
import { useRecordPress, type RecordViewProps } from './record-view'
import { RowActions } from './row-actions'
import { CELL_TEXT, fitVariable } from './use-column-fit'

/**
 * One record. The checkbox shows on hover or while anything is selected; a long press toggles
 * the row (touch screens have no hover); a short press opens the editor, or toggles while selecting.
 */
export const DataTableRow = (props: RecordViewProps) => {
  const { row, id, columns, language, lookups, selected, selecting, can, onToggle, onEdit, onClone, onRemove } = props
  const { t } = useListT()
  const press = useRecordPress(props)
  return (
    <TableRow
      hover
      selected={selected}
      data-testid="table-row"
      data-id={id}
      sx={{
        cursor: can.edit || props.onOpen ? 'pointer' : 'default',
        '&:hover .row-check, & .row-check.Mui-checked': { opacity: 1 }
      }}
      {...press}
    >
      <TableCell padding="checkbox" onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()}>
        <Checkbox
          className="row-check"
          size="small"
          checked={selected}
          onChange={() => onToggle(id)}
          sx={{ opacity: selecting ? 1 : 0, transition: 'opacity 120ms' }}
          slotProps={{ input: { 'aria-label': t('table.selectRow'), ...{ 'data-testid': 'row-select' } } }}
        />
      </TableCell>
      {columns.map((column, index) => (
        <TableCell key={column.value} data-testid={`cell-${column.value}`} sx={{ whiteSpace: 'nowrap' }}>
          {fitKind(column) === 'text' ? (
            // Cut at the width useColumnFit gives the column (the first cell is the checkbox).
            <Box
              component="span"
              className={CELL_TEXT}
              sx={{
                display: 'block',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxWidth: `var(${fitVariable(index + 1)}, 240px)`
              }}
            >
              <CellValue column={column} row={row} language={language} lookups={lookups[column.value]} />
            </Box>
          ) : (
            <CellValue column={column} row={row} language={language} lookups={lookups[column.value]} />
          )}
        </TableCell>
      ))}
      {/* 1px, not MUI's `width: 1` (which is 100%): the column is as wide as its buttons. */}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: '1px' }}>
        <RowActions row={row} can={can} onEdit={onEdit} onClone={onClone} onRemove={onRemove} />
      </TableCell>
    </TableRow>
  )
}
