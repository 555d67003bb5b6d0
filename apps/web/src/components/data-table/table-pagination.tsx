import { Box, Button, IconButton, MenuItem, Select, Stack, Typography } from '@mui/material'
import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import { useListT } from '../../lib/i18n/lists'
import {
  ALL_ROWS,
  cappedPageCount,
  groupedCount,
  pageButtons,
  pageCount,
  pageText,
  ROWS_PER_PAGE_OPTIONS
} from '../../lib/table/paging'

interface PaginationProps {
  page: number
  rowsPerPage: number
  total: number
  /** The server counted the total only up to a cap: at least `total` rows (decision 0101). */
  atLeast?: boolean
  shown: number
  onPage: (page: number) => void
  onRowsPerPage: (rows: number) => void
  /** Cursor mode: previous / next instead of numbered pages. */
  cursor?: { hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void }
}

/** Rows per page 5/10/20/100/all, at most ten page buttons, "{from}-{to}/{total}" (spec §9.4). */
export const TablePagination = ({ page, rowsPerPage, total, atLeast, shown, onPage, onRowsPerPage, cursor }: PaginationProps) => {
  const { t } = useListT()
  const pages = atLeast ? cappedPageCount(total, rowsPerPage, page, shown) : pageCount(total, rowsPerPage)
  const totalText = atLeast ? t('table.atLeast', { count: groupedCount(total) }) : undefined
  return (
    <Stack
      direction="row"
      sx={{ p: 1, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}
      data-testid="table-pagination"
    >
      <Typography variant="body2" color="text.secondary">
        {t('table.rowsPerPage')}
      </Typography>
      <Select
        size="small"
        variant="standard"
        value={rowsPerPage}
        onChange={(event) => onRowsPerPage(Number(event.target.value))}
        data-testid="table-rows-per-page"
        inputProps={{ 'aria-label': t('table.rowsPerPage') }}
      >
        {ROWS_PER_PAGE_OPTIONS.map((option) => (
          <MenuItem key={option} value={option} data-testid={`rows-per-page-${option}`}>
            {option}
          </MenuItem>
        ))}
        <MenuItem value={ALL_ROWS} data-testid="rows-per-page-all">
          {t('table.all')}
        </MenuItem>
      </Select>
      <Typography variant="body2" data-testid="table-page-text" sx={{ mx: 1 }}>
        {pageText(page, rowsPerPage, shown, total, totalText)}
      </Typography>
      {cursor ? (
        <Box>
          <IconButton
            aria-label={t('table.previous')}
            disabled={!cursor.hasPrevious}
            onClick={cursor.onPrevious}
            data-testid="table-prev"
          >
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={t('table.next')} disabled={!cursor.hasNext} onClick={cursor.onNext} data-testid="table-next">
            <ChevronRight />
          </IconButton>
        </Box>
      ) : (
        pages > 1 && (
          <Stack sx={{ gap: 0.5 }} direction="row" data-testid="table-pages">
            {pageButtons(page, pages).map((number) => (
              <Button
                key={number}
                size="small"
                variant={number === page ? 'contained' : 'text'}
                sx={{ minWidth: 32 }}
                onClick={() => onPage(number)}
                aria-current={number === page ? 'page' : undefined}
                data-testid={`table-page-${number}`}
              >
                {number}
              </Button>
            ))}
          </Stack>
        )
      )}
    </Stack>
  )
}
