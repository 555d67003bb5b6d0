import { memo, useEffect, useRef, useState, type ReactNode } from 'react'
import { Box, Button, Divider, IconButton, MenuItem, TextField, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import PersonIcon from '@mui/icons-material/PersonOutlined'
import RemoveIcon from '@mui/icons-material/Remove'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Discount } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useQuantityText } from '../../../lib/format/quantity'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { quantityProblem, type CartAction, type CartState, type SellLine } from './cart-store'
import { useText } from './pick-dialogs'
import { lineMarkdown, type Overrides } from './price-override'
import type { TillPricing } from './pricing'

/*
 * The order on the counter (decisions 0098, 0143): its lines in a virtual list (a 200-line order draws
 * only the lines in view), each a memoised row keyed by its id, so a scan draws the changed line alone;
 * big −/+ keys and the typed quantity (checked by the shared rules); a tap picks the line for the numpad.
 * Then the engine's suggestions, the bundle choice, the totals, and what the till puts under them.
 */

const LINE_ESTIMATE = 92
const BIG = { width: 44, height: 44 } as const

const QuantityInput = (props: {
  value: number
  weighted: boolean
  fixed: boolean
  index: number
  onSet: (quantity: number) => void
}) => {
  const { t, tAny } = useListT()
  const [typed, setTyped] = useState<string | null>(null)
  const commit = () => {
    if (typed === null) return
    const quantity = Number(typed)
    const problem =
      typed.trim() === ''
        ? { key: 'format.invalid' }
        : quantityProblem({ weighted: props.weighted, fixedPrice: props.fixed }, quantity)
    setTyped(null)
    if (problem) return notifyError(tAny(problem.key, problem.values))
    if (quantity !== props.value) props.onSet(quantity)
  }
  return (
    <TextField
      size="small"
      value={typed ?? String(props.value)}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      onClick={(event) => event.stopPropagation()}
      sx={{ width: 72 }}
      slotProps={{
        input: { sx: { height: 44 } },
        htmlInput: {
          inputMode: 'decimal',
          'aria-label': t('pos.sell.quantity'),
          'data-testid': `pos-line-qty-${props.index}`,
          style: { textAlign: 'center' }
        }
      }}
    />
  )
}

const CartLine = memo(function CartLine(props: {
  line: SellLine
  index: number
  name: string
  /** The engine's amount for the line (null until priced) and what its rules took off. */
  amount: number | null
  ruleDiscount: number
  /** A price typed on the numpad (cents per unit), when any. */
  typed: number | undefined
  selected: boolean
  onSelect: (id: string) => void
  dispatch: (action: CartAction) => void
}) {
  const { t } = useListT()
  const quantityText = useQuantityText()
  const { line, index, dispatch } = props
  const markdown = props.typed === undefined ? 0 : lineMarkdown(line, { [line.id]: props.typed })
  const steps = !line.weighted && !line.fixedPrice
  return (
    <Box
      data-testid={`pos-line-${index}`}
      data-selected={props.selected}
      onClick={() => props.onSelect(line.id)}
      sx={{
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        cursor: 'pointer',
        bgcolor: props.selected ? 'action.selected' : undefined,
        borderLeft: 4,
        borderLeftColor: props.selected ? 'primary.main' : 'transparent'
      }}
    >
      {/* Read in the order name, price × quantity, amount; laid out (flex order) as name | amount over price | keys. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography noWrap sx={{ order: 1, flex: '1 1 0', minWidth: 0, fontWeight: 500 }}>
          {props.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ order: 4, flex: '1 1 0', minWidth: 0 }} noWrap>
          {/* The quantity in words too: the line's text says name, quantity and amount. */}
          {props.typed !== undefined && markdown > 0 ? (
            <span data-testid={`pos-line-typed-${index}`}>
              {t('pos.sell.priceTyped', { price: formatMoney(props.typed), list: formatMoney(line.price) })}
              {` × ${quantityText(line.quantity, line.unit)}`}
            </span>
          ) : (
            <span
              data-testid={`pos-line-quantity-${index}`}
            >{`${formatMoney(line.price)} × ${quantityText(line.quantity, line.unit)}`}</span>
          )}
          {props.ruleDiscount ? ` · −${formatMoney(props.ruleDiscount)}` : ''}
        </Typography>
        <Typography sx={{ order: 2, fontWeight: 700, whiteSpace: 'nowrap' }} data-testid={`pos-line-amount-${index}`}>
          {formatMoney(props.amount === null ? null : props.amount - markdown)}
        </Typography>
        <Box aria-hidden sx={{ order: 3, flexBasis: '100%', height: 0 }} />
        <Box sx={{ order: 5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton
            aria-label={t('pos.sell.decrease')}
            disabled={!steps || line.quantity <= 1}
            onClick={(event) => {
              event.stopPropagation()
              dispatch({ type: 'quantity', index, quantity: line.quantity - 1 })
            }}
            data-testid={`pos-line-minus-${index}`}
            sx={{ ...BIG, border: 1, borderColor: 'divider' }}
          >
            <RemoveIcon />
          </IconButton>
          <QuantityInput
            value={line.quantity}
            weighted={line.weighted}
            fixed={Boolean(line.fixedPrice)}
            index={index}
            onSet={(quantity) => dispatch({ type: 'quantity', index, quantity })}
          />
          <IconButton
            aria-label={t('pos.sell.increase')}
            disabled={!steps}
            onClick={(event) => {
              event.stopPropagation()
              dispatch({ type: 'quantity', index, quantity: line.quantity + 1 })
            }}
            data-testid={`pos-line-plus-${index}`}
            sx={{ ...BIG, border: 1, borderColor: 'divider' }}
          >
            <AddIcon />
          </IconButton>
          <IconButton
            aria-label={t('pos.sell.removeLine')}
            onClick={(event) => {
              event.stopPropagation()
              dispatch({ type: 'remove', index })
            }}
            data-testid={`pos-line-remove-${index}`}
            sx={BIG}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      </Box>
    </Box>
  )
})

export const CartPanel = memo(function CartPanel(props: {
  cart: CartState
  /** The order's price with any typed prices taken off (what will be charged). */
  pricing: TillPricing | null
  overrides: Overrides
  selected: string | null
  onSelect: (id: string) => void
  suggestions: string[]
  bundles: Discount[]
  dispatch: (action: CartAction) => void
  onMember: () => void
  memberDisabled: boolean
  /** The numpad's line (-1: none) and whether the numpad is shown: that line is kept in view as either changes. */
  padLine: number
  padOpen: boolean
  /** Shown instead of the empty order's hint (the last sale's change, until the next order's first line). */
  idle?: ReactNode
  /** Under the totals: the numpad and the charge key. */
  children?: ReactNode
}) {
  const { t } = useListT()
  const text = useText()
  const { cart, pricing } = props
  const lineOf = new Map(pricing?.evaluation.lines.map((line) => [line.key, line]))
  const bundleValue = cart.single ? 'single' : (cart.chosenDiscounts[0] ?? '')
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: cart.lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_ESTIMATE,
    getItemKey: (index) => cart.lines[index]?.id ?? index,
    overscan: 6
  })
  // A new line shows at once: the list follows the order's end as it grows.
  const count = cart.lines.length
  const previous = useRef(count)
  useEffect(() => {
    if (count > previous.current) virtual.scrollToIndex(count - 1, { align: 'end' })
    previous.current = count
  }, [count, virtual])
  // The numpad's line in view when it changes or the numpad opens (the list is shorter then).
  const { padLine, padOpen } = props
  useEffect(() => {
    if (padLine >= 0) virtual.scrollToIndex(padLine, { align: 'auto' })
  }, [padLine, padOpen, virtual])
  // The picked line in view (a line picked off screen by the numpad's Enter stays where it is otherwise).
  const selectedIndex = props.selected ? cart.lines.findIndex((line) => line.id === props.selected) : -1

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {t('pos.sell.lineCount', { count: cart.lines.length })}
        </Typography>
        <Button
          startIcon={<PersonIcon />}
          onClick={props.onMember}
          disabled={props.memberDisabled}
          data-testid="pos-member"
          sx={{ minHeight: 44, textTransform: 'none', maxWidth: '70%' }}
        >
          <Typography component="span" noWrap data-testid="pos-customer">
            {cart.member?.name ?? t('pos.sell.guest')}
            {cart.staff ? ` · ${cart.staff.name}` : ''}
          </Typography>
        </Button>
      </Box>
      <Box
        ref={scroller}
        sx={{ flex: 1, overflow: 'auto', minHeight: 0 }}
        data-testid="pos-lines"
        data-selected-index={selectedIndex}
      >
        {cart.lines.length === 0 &&
          (props.idle ?? (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="pos-empty-cart">
              {cart.open ? t('pos.sell.emptyCart') : t('pos.sell.noOrder')}
            </Typography>
          ))}
        <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((row) => {
            const line = cart.lines[row.index]
            const priced = lineOf.get(line.id)
            return (
              <Box
                key={row.key}
                data-index={row.index}
                ref={virtual.measureElement}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
              >
                <CartLine
                  line={line}
                  index={row.index}
                  name={text(line.name)}
                  amount={priced ? priced.total : null}
                  ruleDiscount={priced?.discount ?? 0}
                  typed={props.overrides[line.id]}
                  selected={line.id === props.selected}
                  onSelect={props.onSelect}
                  dispatch={props.dispatch}
                />
              </Box>
            )
          })}
        </Box>
      </Box>
      {props.suggestions.length > 0 && (
        <Box data-testid="pos-suggest" sx={{ px: 2, py: 1, bgcolor: 'info.light', color: 'info.contrastText' }}>
          {props.suggestions.map((suggestion) => (
            <Typography key={suggestion} variant="body2">
              {suggestion}
            </Typography>
          ))}
        </Box>
      )}
      {props.bundles.length > 0 && (
        <TextField
          select
          size="small"
          label={t('pos.sell.bundle')}
          value={bundleValue}
          sx={{ mx: 1, mt: 1 }}
          onChange={(event) =>
            props.dispatch(
              event.target.value === 'single'
                ? { type: 'single' }
                : { type: 'discount', chosen: event.target.value ? [event.target.value] : [] }
            )
          }
        >
          <MenuItem value="">—</MenuItem>
          <MenuItem value="single">{t('pos.sell.single')}</MenuItem>
          {props.bundles.map((rule) => (
            <MenuItem key={rule._id} value={rule._id}>
              {text(rule.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Divider />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', px: 2, pt: 0.5, columnGap: 2 }}>
        <Typography variant="body2">{t('pos.sell.subtotal')}</Typography>
        <Typography variant="body2" align="right" data-testid="pos-subtotal">
          {formatMoney(pricing?.subtotal ?? 0)}
        </Typography>
        <Typography variant="body2">{t('pos.sell.discount')}</Typography>
        <Typography variant="body2" align="right" data-testid="pos-discount">
          {formatMoney(-(pricing?.discount ?? 0))}
        </Typography>
        {pricing?.rounding ? (
          <>
            <Typography variant="body2">{t('pos.sell.rounding')}</Typography>
            <Typography variant="body2" align="right">
              {formatMoney(pricing.rounding)}
            </Typography>
          </>
        ) : null}
        <Typography variant="h6">{t('pos.sell.total')}</Typography>
        <Typography variant="h6" align="right" data-testid="pos-total">
          {formatMoney(pricing?.total ?? 0)}
        </Typography>
      </Box>
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>{props.children}</Box>
    </Box>
  )
})
