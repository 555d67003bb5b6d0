import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { Alert, Box, ButtonBase, Chip, CircularProgress, InputAdornment, TextField, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { PosCatalogueProduct } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import type { CatalogueIndex } from '../pos-types'
import { useText } from './pick-dialogs'

/*
 * The till's product list (decision 0098): categories, a search box that also takes typed or scanned
 * codes (`data-pos-scan`), and a virtual grid: only the tiles in view exist, whatever the catalogue's size.
 * Memoised, with its search text its own: a scan or a keystroke does not draw the grid again.
 */

const COLUMNS = 4
const SEARCH_PAUSE_MS = 150
const ROW_HEIGHT = 96
/** Enough for any screen of tiles, and a bound on a search's cost. */
const LIMIT = 2_000

export const ProductGrid = memo(function ProductGrid(props: {
  index: CatalogueIndex | null
  loading: boolean
  /** The server's copy could not be had: the stored one (if any) is shown. */
  failed: boolean
  searchRef: RefObject<HTMLInputElement | null>
  /** Set to a function emptying the search box: the till calls it after a scan typed into it. */
  clearRef: RefObject<(() => void) | null>
  onPick: (product: PosCatalogueProduct) => void
  onCode: (code: string) => void
}) {
  const { t } = useListT()
  const text = useText()
  const [search, setSearch] = useState('')
  const { clearRef } = props
  useEffect(() => {
    clearRef.current = () => setSearch('')
  }, [clearRef])
  const [category, setCategory] = useState<string | null>(null)
  // The grid follows the box once typing pauses: a scanner's burst into the box never searches 100,000 names.
  const [query, setQuery] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [search])
  const found = useMemo(() => props.index?.search(query, category, LIMIT) ?? [], [props.index, query, category])
  const scroller = useRef<HTMLDivElement>(null)
  const rows = Math.ceil(found.length / COLUMNS)
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3
  })
  const roots = (props.index?.categories ?? []).filter((c) => !c.parent)

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <TextField
        size="small"
        inputRef={props.searchRef}
        value={search}
        placeholder={t('pos.sell.search')}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !search.trim()) return
          event.preventDefault()
          // A typed code is a scan; a search with one result adds it (searched now: the grid may lag the box).
          const hits = props.index?.byCode(search).length ? [] : (props.index?.search(search, category, 2) ?? [])
          if (hits.length === 1) props.onPick(hits[0])
          else props.onCode(search.trim())
          setSearch('')
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            )
          },
          htmlInput: { 'data-testid': 'pos-search', 'data-pos-scan': '', 'aria-label': t('pos.sell.search') }
        }}
      />
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 1 }}>
        <Chip
          label={t('pos.sell.allCategories')}
          color={category === null ? 'primary' : 'default'}
          onClick={() => setCategory(null)}
          data-testid="pos-category-all"
        />
        {roots.map((c) => (
          <Chip
            key={c._id}
            label={text(c.name)}
            color={category === c._id ? 'primary' : 'default'}
            onClick={() => setCategory(c._id)}
            data-testid={`pos-category-${c._id}`}
          />
        ))}
      </Box>
      {!props.index && props.loading && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
          <CircularProgress size={20} />
          <Typography>{t('pos.sell.loadingCatalogue')}</Typography>
        </Box>
      )}
      {props.failed && !props.loading && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="pos-catalogue-error">
          {t('pos.sell.catalogueError')}
        </Alert>
      )}
      {props.index && !found.length && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('pos.sell.noProducts')}
        </Typography>
      )}
      <Box ref={scroller} sx={{ flex: 1, overflow: 'auto', minHeight: 0 }} data-testid="pos-products">
        <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((row) => (
            <Box
              key={row.key}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${row.start}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${COLUMNS}, 1fr)`,
                gap: 1,
                height: ROW_HEIGHT - 8
              }}
            >
              {found.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((product) => (
                <ButtonBase
                  key={product._id}
                  onClick={() => props.onPick(product)}
                  data-testid={`pos-product-${product._id}`}
                  sx={{
                    flexDirection: 'column',
                    alignItems: 'flex-start',
                    justifyContent: 'space-between',
                    p: 1,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    textAlign: 'left',
                    overflow: 'hidden'
                  }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 500, lineHeight: 1.2 }}>
                    {text(product.name)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {product.posCode ?? product.code ?? ''}
                  </Typography>
                  <Typography variant="body2">{formatMoney(product.price)}</Typography>
                </ButtonBase>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  )
})
