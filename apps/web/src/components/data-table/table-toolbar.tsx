import { useState, type ReactNode } from 'react'
import { Badge, Box, Button, IconButton, InputAdornment, OutlinedInput, Stack, Toolbar, Typography } from '@mui/material'
import Add from '@mui/icons-material/Add'
import ContentCopy from '@mui/icons-material/ContentCopy'
import Delete from '@mui/icons-material/Delete'
import FileDownload from '@mui/icons-material/FileDownload'
import Refresh from '@mui/icons-material/Refresh'
import Search from '@mui/icons-material/Search'
import Close from '@mui/icons-material/Close'
import { useListT } from '../../lib/i18n/lists'
import { BatchActionButton, type ToolbarBatchAction } from './batch-action-button'

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
  /** The resource's own actions on the selection (ResourceDefinition.batchActions). */
  batchActions?: ToolbarBatchAction[]
  onClearSelection: () => void
  /** Buttons that open related screens (ResourceDefinition.links). */
  links?: { key: string; label: string; onClick: () => void }[]
}

/** An icon action whose label is both its accessible name and its hover text. */
const ToolButton = ({
  label,
  onClick,
  testId,
  children
}: {
  label: string
  onClick: () => void
  testId: string
  children: ReactNode
}) => (
  <IconButton aria-label={label} title={label} onClick={onClick} data-testid={testId}>
    {children}
  </IconButton>
)

/** Export, search, refresh and add; with a selection, batch delete and duplicate (spec §2.12). */
export const TableToolbar = (props: ToolbarProps) => {
  const { t } = useListT()
  const { selected, quickSearch } = props
  const [text, setText] = useState(quickSearch?.value ?? '')
  // A search cleared elsewhere (the empty list's "Clear search") empties the box too.
  const applied = quickSearch?.value ?? ''
  const [shown, setShown] = useState(applied)
  if (shown !== applied) {
    setShown(applied)
    setText(applied)
  }
  if (selected > 0)
    return (
      <Toolbar sx={{ gap: 1, bgcolor: 'action.selected' }} data-testid="table-toolbar" data-selecting="true">
        <IconButton aria-label={t('table.clearSelection')} onClick={props.onClearSelection} data-testid="table-clear-selection">
          <Close />
        </IconButton>
        <Typography sx={{ flex: 1 }} data-testid="table-selected-count">
          {t('table.selected', { count: selected })}
        </Typography>
        {props.batchActions?.map((action) => (
          <BatchActionButton key={action.key} action={action} />
        ))}
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
          <ToolButton label={t('table.search')} onClick={props.onSearchDialog} testId="table-search">
            <Badge variant="dot" color="secondary" invisible={!props.searchActive}>
              <Search />
            </Badge>
          </ToolButton>
        )}
        {props.onExport && (
          <ToolButton label={t('table.export')} onClick={props.onExport} testId="table-export">
            <FileDownload />
          </ToolButton>
        )}
        {props.onRefresh && (
          <ToolButton label={t('table.refresh')} onClick={props.onRefresh} testId="table-refresh">
            <Refresh />
          </ToolButton>
        )}
        {props.links?.map((link) => (
          <Button key={link.key} onClick={link.onClick} data-testid={`table-link-${link.key}`} sx={{ ml: 1 }}>
            {link.label}
          </Button>
        ))}
        {props.onAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={props.onAdd} data-testid="table-add" sx={{ ml: 1 }}>
            {t('table.add')}
          </Button>
        )}
      </Stack>
    </Toolbar>
  )
}
