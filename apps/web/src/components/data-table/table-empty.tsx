import { Button } from '@mui/material'
import Add from '@mui/icons-material/Add'
import Inbox from '@mui/icons-material/Inbox'
import SearchOff from '@mui/icons-material/SearchOff'
import { useListT } from '../../lib/i18n/lists'
import { useAppNavigate } from '../ui/app-link'
import { EmptyState } from '../ui/empty-state'
import type { ResourceDefinition } from './resource'

interface TableEmptyProps {
  definition: ResourceDefinition
  /** A search or filter is applied: nothing matched it. */
  searching: boolean
  /** The table's own "Add"; none when the list takes no new records. */
  onAdd?: () => void
  onClearSearch: () => void
}

/**
 * An empty list says what to do next: with a search, "No results" and a way to clear it; with no
 * records at all, the screen's sentence and the button that makes the first one (the definition's `empty`).
 */
export const TableEmpty = ({ definition, searching, onAdd, onClearSearch }: TableEmptyProps) => {
  const { t } = useListT()
  const navigate = useAppNavigate()
  if (searching)
    return (
      <EmptyState
        icon={<SearchOff />}
        text={t('basic.no_results')}
        testId="table-empty"
        action={
          <Button variant="outlined" onClick={onClearSearch} data-testid="table-empty-clear">
            {t('table.clearFilter')}
          </Button>
        }
      />
    )
  const empty = definition.empty
  const route = empty?.route
  const next = route ? () => navigate(route) : onAdd
  return (
    <EmptyState
      icon={<Inbox />}
      text={t(empty?.text ?? 'table.emptyText')}
      testId="table-empty"
      action={
        next && (
          <Button variant="contained" startIcon={route ? undefined : <Add />} onClick={next} data-testid="table-empty-action">
            {t(empty?.action ?? 'table.emptyAdd')}
          </Button>
        )
      }
    />
  )
}
