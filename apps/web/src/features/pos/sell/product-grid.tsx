import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Alert, Box, ButtonBase, Chip, CircularProgress, InputAdornment, Tab, Tabs, TextField, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { PosCatalogueProduct } from '@emporia/shared'
import { thumbUrl } from '../../../components/media/media-api'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import type { CatalogueIndex } from '../pos-types'
import { useText } from './pick-dialogs'

/*
 * The till's product grid (decisions 0098, 0143): a search box that also takes typed or scanned codes
 * (`data-pos-scan`), the top categories as tabs with the chosen one's sub-categories under them, and a
 * virtual grid of picture tiles: only the tiles in view exist, whatever the catalogue's size; as many
 * columns as fit 150 px tiles. Memoised, with its search text its own: a scan or a keystroke does not draw
 * the grid again.
 */

const TILE_MIN_WIDTH = 150
const GAP = 8
const SEARCH_PAUSE_MS = 150
/** Enough for any screen of tiles, and a bound on a search's cost. */
const LIMIT = 2_000
const IMAGE_HEIGHT = 84

/** The catalogue's image: an attachment id (its thumbnail) or an outside address. */
export const imageSrc = (image: string | null | undefined) =>
  !image ? null : /^(https?:|data:|\/)/.test(image) ? image : thumbUrl(image)

const TILE_COLOURS = ['#5c6bc0', '#26a69a', '#ef6c00', '#8d6e63', '#ab47bc', '#42a5f5', '#7cb342', '#ec407a']

/** A tile's picture, or its name's first letter on a colour of its own when it has none (or it fails, offline). */
const TilePicture = (props: { src: string | null; name: string }) => {
  const [failed, setFailed] = useState(false)
  if (props.src && !failed)
    return (
      <Box
        component="img"
        src={props.src}
        alt=""
        loading="lazy"
        draggable={false}
        onError={() => setFailed(true)}
        sx={{ width: '100%', height: IMAGE_HEIGHT, objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
      />
    )
  let hash = 0
  for (const char of props.name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return (
    <Box
      aria-hidden
      sx={{
        width: '100%',
        height: IMAGE_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: TILE_COLOURS[hash % TILE_COLOURS.length],
        color: '#fff',
        fontSize: 36,
        fontWeight: 600
      }}
    >
      {[...props.name.trim()][0]?.toUpperCase() ?? '?'}
    </Box>
  )
}

const ProductTile = memo(function ProductTile(props: {
  product: PosCatalogueProduct
  name: string
  onPick: (product: PosCatalogueProduct) => void
}) {
  const { product } = props
  return (
    <ButtonBase
      onClick={() => props.onPick(product)}
      data-testid={`pos-product-${product._id}`}
      focusRipple
      sx={{
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'flex-start',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        textAlign: 'left',
        overflow: 'hidden',
        bgcolor: 'background.paper',
        '&:hover': { borderColor: 'primary.main' }
      }}
    >
      <TilePicture src={imageSrc(product.image)} name={props.name} />
      <Box sx={{ px: 1, py: 0.5, minWidth: 0, display: 'flex', flexDirection: 'column', flex: 1 }}>
        <Typography
          variant="body2"
          sx={{
            fontWeight: 500,
            lineHeight: 1.25,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word'
          }}
        >
          {props.name}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {formatMoney(product.price)}
        </Typography>
      </Box>
    </ButtonBase>
  )
})

/** Columns that fit the scroller's width, followed as it changes (a rotated tablet, a hidden cart). */
const useColumns = (scroller: RefObject<HTMLDivElement | null>) => {
  const [columns, setColumns] = useState(4)
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const fit = () => setColumns(Math.max(2, Math.floor((element.clientWidth + GAP) / (TILE_MIN_WIDTH + GAP))))
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(element)
    return () => observer.disconnect()
  }, [scroller])
  return columns
}

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
  /** The till's font scale (1 = 100 %): the tiles' text grows with it, so their rows do. */
  scale: number
  /**
   * Where the search box goes (the till's top line), its state staying here: nothing the app lays over
   * the page's top (its messages sit just under the top line) ever covers the box a cashier taps.
   */
  searchHost: HTMLElement | null
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
  const columns = useColumns(scroller)
  const rowHeight = Math.round(IMAGE_HEIGHT + 24 + 58 * props.scale) + GAP
  const rows = Math.ceil(found.length / columns)
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 3
  })
  useEffect(() => virtual.measure(), [virtual, rowHeight, columns])

  const categories = useMemo(() => props.index?.categories ?? [], [props.index])
  const roots = categories.filter((c) => !c.parent)
  // The chosen category's path from its root, and the categories under it (Odoo's breadcrumbs, flattened).
  const parentOf = new Map(categories.map((c) => [c._id, c.parent ?? null]))
  const path: string[] = []
  for (let at = category; at; at = parentOf.get(at) ?? null) path.unshift(at)
  const root = path[0] ?? null
  const children = category ? categories.filter((c) => c.parent === category) : []
  const nameOf = (id: string) => text(categories.find((c) => c._id === id)?.name)

  const searchBox = (
    <TextField
      fullWidth
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
          sx: { minHeight: 44 },
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          )
        },
        htmlInput: { 'data-testid': 'pos-search', 'data-pos-scan': '', 'aria-label': t('pos.sell.search') }
      }}
    />
  )

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      {props.searchHost ? createPortal(searchBox, props.searchHost) : searchBox}
      <Tabs
        value={root ?? 'all'}
        onChange={(_, value: string) => setCategory(value === 'all' ? null : value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ minHeight: 48, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="all" label={t('pos.sell.allCategories')} data-testid="pos-category-all" sx={{ minHeight: 48 }} />
        {roots.map((c) => (
          <Tab key={c._id} value={c._id} label={text(c.name)} data-testid={`pos-category-${c._id}`} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      {path.length + children.length > 1 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', py: 0.5 }} data-testid="pos-subcategories">
          {path.slice(1).map((id) => (
            <Chip
              key={id}
              label={nameOf(id)}
              color="primary"
              onClick={() => setCategory(parentOf.get(id) ?? null)}
              onDelete={() => setCategory(parentOf.get(id) ?? null)}
              sx={{ height: 44 }}
            />
          ))}
          {children.map((c) => (
            <Chip
              key={c._id}
              label={text(c.name)}
              variant="outlined"
              onClick={() => setCategory(c._id)}
              data-testid={`pos-category-${c._id}`}
              sx={{ height: 44 }}
            />
          ))}
        </Box>
      )}
      {!props.index && props.loading && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }}>
          <CircularProgress size={20} />
          <Typography>{t('pos.sell.loadingCatalogue')}</Typography>
        </Box>
      )}
      {props.failed && !props.loading && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="pos-catalogue-error">
          {t('pos.sell.catalogueError')}
        </Alert>
      )}
      {props.index && !found.length && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('pos.sell.noProducts')}
        </Typography>
      )}
      <Box ref={scroller} sx={{ flex: 1, overflow: 'auto', minHeight: 0, pt: 1 }} data-testid="pos-products">
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
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: `${GAP}px`,
                height: rowHeight - GAP
              }}
            >
              {found.slice(row.index * columns, row.index * columns + columns).map((product) => (
                <ProductTile key={product._id} product={product} name={text(product.name)} onPick={props.onPick} />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  )
})
