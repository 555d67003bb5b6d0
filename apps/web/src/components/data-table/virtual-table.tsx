import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Box, Paper, Typography } from '@mui/material'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { rowId } from '../../lib/resource-client'
import { VIRTUAL_RENDER_LIMIT, VIRTUAL_ROW_HEIGHT, virtualFetchLimit } from '../../lib/table/paging'
import { CellValue } from './cell-value'
import type { ResourceDefinition } from './resource'
import { tableQuery } from './use-table-data'
import { useVirtualPages, type LiveFlags } from './use-virtual-pages'

const VIEW_HEIGHT = 'calc(100vh - 180px)'

const rowStyles = (columns: string) => ({
  '& .vrow': {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: VIRTUAL_ROW_HEIGHT,
    display: 'grid',
    gridTemplateColumns: columns,
    alignItems: 'center',
    px: 2,
    borderBottom: 1,
    borderColor: 'divider',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    boxSizing: 'border-box'
  },
  '& .vcell': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .vskel': { display: 'inline-block', width: '60%', height: 12, borderRadius: 1, bgcolor: 'action.hover' }
})

/**
 * The virtual (infinite) table of spec §2.12 / §9.4: 41 px rows, only the rows in view (plus a
 * small overscan, never more than 1000) are in the DOM, windows load as they scroll into view.
 */
export const VirtualTable = ({ definition, live }: { definition: ResourceDefinition; live?: LiveFlags }) => {
  const { t, language } = useListT()
  const scroller = useRef<HTMLDivElement>(null)
  // The fetch window follows the view's height (spec §9.4), read once the view exists.
  const viewHeight = typeof window === 'undefined' ? 800 : window.innerHeight - 180
  const pageSize = virtualFetchLimit(viewHeight)
  const {
    $limit: _limit,
    $skip: _skip,
    ...query
  } = tableQuery(definition, {
    page: 1,
    rowsPerPage: pageSize,
    sortBy: definition.defaultSort?.sortBy ?? [],
    sortDesc: definition.defaultSort?.sortDesc ?? []
  })
  const data = useVirtualPages(definition.path, query, pageSize, live)
  // A capped total (a broad search) gets one more window: scrolling into it loads the rows past the count.
  const count = Math.max(0, data.total) + (data.atLeast ? pageSize : 0)
  // TanStack Virtual hands out fresh functions each render; this component is simply not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => VIRTUAL_ROW_HEIGHT,
    overscan: 10,
    onChange: (instance) => {
      const items = instance.getVirtualItems()
      if (items.length) data.request(items[0].index, items[items.length - 1].index)
    }
  })
  const items = virtualizer.getVirtualItems().slice(0, VIRTUAL_RENDER_LIMIT)
  const columns = `repeat(${definition.columns.length}, minmax(120px, 1fr))`
  return (
    <Paper variant="outlined" data-testid="virtual-table" data-total={data.total}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: columns,
          px: 2,
          height: VIRTUAL_ROW_HEIGHT,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          fontWeight: 600
        }}
      >
        {definition.columns.map((column) => (
          <Box key={column.value}>{t(column.text)}</Box>
        ))}
      </Box>
      <Box
        ref={scroller}
        sx={{ height: VIEW_HEIGHT, overflow: 'auto', contain: 'strict', ...rowStyles(columns) }}
        data-testid="virtual-scroller"
      >
        {data.total === 0 && <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('basic.no_data')}</Typography>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = data.rowAt(item.index)
            // Plain elements with one shared class: per-row `sx` styles cost more than the rows while scrolling fast.
            return (
              <div
                key={item.index}
                className="vrow"
                data-testid="virtual-row"
                data-index={item.index}
                data-id={row ? rowId(row, definition.itemKey) : undefined}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {definition.columns.map((column) => (
                  <div key={column.value} className="vcell" data-testid={`cell-${column.value}`}>
                    {row ? <CellValue column={column} row={row} language={language as LocaleId} /> : <span className="vskel" />}
                  </div>
                ))}
              </div>
            )
          })}
        </div>
      </Box>
    </Paper>
  )
}
