import { IconButton, Stack } from '@mui/material'
import ContentCopy from '@mui/icons-material/ContentCopy'
import Delete from '@mui/icons-material/Delete'
import Edit from '@mui/icons-material/Edit'
import { useListT } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'

export interface RowPermissions {
  edit: boolean
  clone: boolean
  remove: boolean
}

interface RowActionsProps {
  row: Row
  can: RowPermissions
  onEdit: (row: Row) => void
  onClone: (row: Row) => void
  onRemove: (row: Row) => void
}

/** Edit, clone and delete of one row, each shown only when the flags and row checks allow it (spec §6.5). */
export const RowActions = ({ row, can, onEdit, onClone, onRemove }: RowActionsProps) => {
  const { t } = useListT()
  // The row itself reacts to presses; a button press stays the button's.
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation()
  return (
    <Stack sx={{ justifyContent: 'flex-end' }} direction="row" onPointerDown={stop} onPointerUp={stop} onClick={stop}>
      {can.edit && (
        <IconButton
          size="small"
          aria-label={t('table.edit')}
          title={t('table.edit')}
          onClick={() => onEdit(row)}
          data-testid="row-edit"
        >
          <Edit fontSize="small" />
        </IconButton>
      )}
      {can.clone && (
        <IconButton
          size="small"
          aria-label={t('table.clone')}
          title={t('table.clone')}
          onClick={() => onClone(row)}
          data-testid="row-clone"
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      )}
      {can.remove && (
        <IconButton
          size="small"
          aria-label={t('table.delete')}
          title={t('table.delete')}
          onClick={() => onRemove(row)}
          data-testid="row-delete"
        >
          <Delete fontSize="small" />
        </IconButton>
      )}
    </Stack>
  )
}
