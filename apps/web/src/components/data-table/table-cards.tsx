import { Card, CardActionArea, CardContent, Checkbox, Stack, Typography } from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'
import { usePress } from '../ui/use-press'
import { CellValue } from './cell-value'
import type { ColumnDef } from './resource'
import { RowActions, type RowPermissions } from './row-actions'

interface CardProps {
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
}

/** The mobile view of one record: label and value per column; long press selects (spec §2.12). */
export const RecordCard = ({
  row,
  id,
  columns,
  language,
  lookups,
  selected,
  selecting,
  can,
  onToggle,
  onEdit,
  onClone,
  onRemove
}: CardProps) => {
  const { t } = useListT()
  const press = usePress({
    onShortPress: () => (selecting ? onToggle(id) : can.edit && onEdit(row)),
    onLongPress: () => onToggle(id)
  })
  return (
    <Card variant="outlined" data-testid="table-row" data-id={id} sx={{ bgcolor: selected ? 'action.selected' : undefined }}>
      <CardActionArea component="div" {...press}>
        <CardContent>
          {columns
            .filter((column) => !column.noCard)
            .map((column) => (
              <Stack key={column.value} direction="row" spacing={1} sx={{ py: 0.25 }}>
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
                  {t(column.text)}
                </Typography>
                <Typography variant="body2" component="div" data-testid={`cell-${column.value}`}>
                  <CellValue column={column} row={row} language={language} lookups={lookups[column.value]} />
                </Typography>
              </Stack>
            ))}
        </CardContent>
      </CardActionArea>
      <Stack direction="row" sx={{ px: 1, justifyContent: 'space-between' }}>
        {selecting ? (
          <Checkbox
            size="small"
            checked={selected}
            onChange={() => onToggle(id)}
            slotProps={{ input: { 'aria-label': t('table.selectRow') } }}
          />
        ) : (
          <span />
        )}
        <RowActions row={row} can={can} onEdit={onEdit} onClone={onClone} onRemove={onRemove} />
      </Stack>
    </Card>
  )
}
