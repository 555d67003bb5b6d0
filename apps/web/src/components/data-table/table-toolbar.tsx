import { useState } from 'react'
import { Badge, Box, Button, IconButton, InputAdornment, OutlinedInput, Stack, Toolbar, Typography } from '@mui/material'
import Add from '@mui/icons-material/Add'
import ContentCopy from '@mui/icons-material/ContentCopy'
import Delete from '@mui/icons-material/Delete'
import FileDownload from '@mui/icons-material/FileDownload'
import Refresh from '@mui/icons-material/Refresh'
import Search from '@mui/icons-material/Search'
import Close from '@mui/icons-material/Close'
import { useListT } from '../../lib/i18n/lists'

interface ToolbarProps {
  title?: string
  selected: number
  /** The quick search's text (the first text search field), shown inline on wide screens. */
  quickSearch?: { value: string; onSearch: (text: string) => void }
  /** Search opens a dialog (small screens, or several search fields). */
  onSearchDialog?: () => void
  searchActive: boolean
  onRefresh?: () => void
  onAdd?: () => void
  onExport?: () => void
  onBatchDelete?: () => void
  onDuplicate?: () => void
  onClearSelection: () => void
}

/** Export, search, refresh and add; with a selection, batch delete and duplicate (spec §2.12). */
export const TableToolbar = (props: ToolbarProps) => {
  const { t } = useListT()
  const { selected, quickSearch } = props
  const [text, setText] = useState(quickSearch?.value ?? '')
  if (selected > 0)
    return (
      <Toolbar sx={{ gap: 1, bgcolor: 'action.selected' }} data-testid="table-toolbar" data-selecting="true">
        <IconButton aria-label={t('table.clearSelection')} onClick={props.onClearSelection} data-testid="table-clear-selection">
          <Close />
        </IconButton>
        <Typography sx={{ flex: 1 }} data-testid="table-selected-count">
          {t('table.selected', { count: selected })}
        </Typography>
        {props.onDuplicate && (
          <Button startIcon={<ContentCopy />} onClick={props.onDuplicate} data-testid="table-duplicate">
            {t('table.duplicate')}
          </Button>
        )}
        {props.onBatchDelete && (
          <Button color="error" startIcon={<Delete />} onClick={props.onBatchDelete} data-testid="table-batch-delete">
            {t('table.delete')}
          </Button>
        )}
      </Toolbar>
    )
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="table-toolbar">
      {props.title && (
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {props.title}
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
      {quickSearch && (
        <OutlinedInput
          size="small"
          placeholder={t('table.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') quickSearch.onSearch(text)
          }}
          onBlur={() => text !== quickSearch.value && quickSearch.onSearch(text)}
          inputProps={{ 'data-testid': 'table-search-input', 'aria-label': t('table.search') }}
          startAdornment={
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          }
          sx={{ width: 240 }}
        />
      )}
      <Stack direction="row">
        {props.onSearchDialog && (
          <IconButton
            aria-label={t('table.search')}
            title={t('table.search')}
            onClick={props.onSearchDialog}
            data-testid="table-search"
          >
            <Badge variant="dot" color="secondary" invisible={!props.searchActive}>
              <Search />
            </Badge>
          </IconButton>
        )}
        {props.onExport && (
          <IconButton
            aria-label={t('table.export')}
            title={t('table.export')}
            onClick={props.onExport}
            data-testid="table-export"
          >
            <FileDownload />
          </IconButton>
        )}
        {props.onRefresh && (
          <IconButton
            aria-label={t('table.refresh')}
            title={t('table.refresh')}
            onClick={props.onRefresh}
            data-testid="table-refresh"
          >
            <Refresh />
          </IconButton>
        )}
        {props.onAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={props.onAdd} data-testid="table-add" sx={{ ml: 1 }}>
            {t('table.add')}
          </Button>
        )}
      </Stack>
    </Toolbar>
  )
}
