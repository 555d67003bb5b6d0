import { useEffect, useRef, useState, type ReactNode } from 'react'
import {
  Badge,
  Box,
  Button,
  IconButton,
  InputAdornment,
  Menu,
  MenuItem,
  OutlinedInput,
  Stack,
  Toolbar,
  Typography
} from '@mui/material'
import ArrowDropDown from '@mui/icons-material/ArrowDropDown'
import Add from '@mui/icons-material/Add'
import ContentCopy from '@mui/icons-material/ContentCopy'
import Delete from '@mui/icons-material/Delete'
import FileDownload from '@mui/icons-material/FileDownload'
import FileUpload from '@mui/icons-material/FileUpload'
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
  /** Opens the import screen (only on a list an import can write). */
  onImport?: () => void
  onBatchDelete?: () => void
  onDuplicate?: () => void
  /** The resource's own actions on the selection (ResourceDefinition.batchActions). */
  batchActions?: ToolbarBatchAction[]
  onClearSelection: () => void
  /** Buttons that open related screens (ResourceDefinition.links). */
  links?: ToolbarLink[]
}

interface ToolbarLink {
  key: string
  label: string
  onClick: () => void
  /** A menu of further links instead of one (each list an import can write). */
  menu?: { key: string; label: string; onClick: () => void }[]
}

/** A link button, or a button opening a menu of links. */
const LinkButton = ({ link }: { link: ToolbarLink }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  if (!link.menu?.length)
    return (
      <Button onClick={link.onClick} data-testid={`table-link-${link.key}`} sx={{ ml: 1 }}>
        {link.label}
      </Button>
    )
  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        data-testid={`table-link-${link.key}`}
        sx={{ ml: 1 }}
      >
        {link.label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {link.menu.map((item) => (
          <MenuItem
            key={item.key}
            onClick={() => {
              setAnchor(null)
              item.onClick()
            }}
            data-testid={`table-link-${link.key}-${item.key}`}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
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

/** How long typing pauses before the list searches. */
const SEARCH_PAUSE_MS = 350

/** Export, import, search, refresh and add; with a selection, batch delete and duplicate (spec §2.12). */
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
  // The list follows as the merchant types (decision 0155): once typing pauses, never mid-word while an
  // input method composes Chinese; Enter still searches at once.
  const composing = useRef(false)
  // Bumped when a composition ends, so the pause starts then even if the text is what the last keystroke made.
  const [composed, setComposed] = useState(0)
  const onSearch = useRef(quickSearch?.onSearch)
  useEffect(() => {
    onSearch.current = quickSearch?.onSearch
  })
  useEffect(() => {
    if (composing.current || text === applied) return
    const timer = setTimeout(() => onSearch.current?.(text), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text, applied, composed])
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
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={(event) => {
            composing.current = false
            setText((event.target as HTMLInputElement).value)
            setComposed((count) => count + 1)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) quickSearch.onSearch(text)
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
        {props.onImport && (
          <ToolButton label={t('importScreen.open')} onClick={props.onImport} testId="table-import">
            <FileUpload />
          </ToolButton>
        )}
        {props.onRefresh && (
          <ToolButton label={t('table.refresh')} onClick={props.onRefresh} testId="table-refresh">
            <Refresh />
          </ToolButton>
        )}
        {props.links?.map((link) => (
          <LinkButton key={link.key} link={link} />
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
