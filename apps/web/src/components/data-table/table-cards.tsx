import { Card, CardActionArea, CardContent, Checkbox, Stack, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { CellValue } from './cell-value'
import { useRecordPress, type RecordViewProps } from './record-view'
import { RowActions } from './row-actions'

/** The mobile view of one record: label and value per column; long press selects (spec §2.12). */
export const RecordCard = (props: RecordViewProps) => {
  const { row, id, columns, language, lookups, selected, selecting, can, onToggle, onEdit, onClone, onRemove } = props
  const { t } = useListT()
  const press = useRecordPress(props)
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
