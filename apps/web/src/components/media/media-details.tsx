import { Box, Button, List, ListItemButton, ListItemText } from '@mui/material'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import type { Attachment } from './media-api'

const DETAILS: [AnyMessageKey, keyof Attachment][] = [
  ['media.date', 'date'],
  ['media.duration', 'duration'],
  ['media.height', 'height'],
  ['media.width', 'width'],
  ['media.id', '_id'],
  ['media.mime', 'mime'],
  ['media.name', 'name'],
  ['media.path', 'path'],
  ['media.size', 'size'],
  ['media.src', 'src']
]

/** The details panel of spec §2.11: a click on a value copies it. */
export const MediaDetails = ({ attachment, onDelete }: { attachment: Attachment; onDelete: () => void }) => {
  const { t } = useListT()
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => notifySuccess(t('media.copied')))
  return (
    <Box sx={{ width: 300, borderLeft: 1, borderColor: 'divider', overflow: 'auto', p: 1 }} data-testid="media-details">
      <List dense>
        {DETAILS.map(([label, field]) => {
          const value = attachment[field]
          if (value === undefined || value === null || value === '') return null
          return (
            <ListItemButton key={field} onClick={() => copy(String(value))}>
              <ListItemText
                primary={t(label)}
                secondary={String(value)}
                slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItemButton>
          )
        })}
      </List>
      <Button color="error" onClick={onDelete} data-testid="media-delete">
        {t('media.delete')}
      </Button>
    </Box>
  )
}
