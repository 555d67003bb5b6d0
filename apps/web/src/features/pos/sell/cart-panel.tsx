import { memo, useState } from 'react'
import { Box, Divider, IconButton, List, ListItem, MenuItem, TextField, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import type { Discount } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { quantityProblem, type CartAction, type CartState } from './cart-store'
import { useText } from './pick-dialogs'
import type { TillPricing } from './pricing'

/*
 * The order on the till (decision 0098): its lines with their quantity (typed, checked by the shared rules),
 * the engine's discounts and suggestions, the bundle choice, and the totals.
 */

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
      sx={{ width: 84 }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': t('pos.sell.quantity'), 'data-testid': `pos-line-qty-${props.index}` }
      }}
    />
  )
}

export const CartPanel = memo(function CartPanel(props: {
  cart: CartState
  pricing: TillPricing | null
  suggestions: string[]
  bundles: Discount[]
  dispatch: (action: CartAction) => void
}) {
  const { t } = useListT()
  const text = useText()
  const { cart, pricing } = props
  const lineOf = new Map(pricing?.evaluation.lines.map((line) => [line.key, line]))
  const bundleValue = cart.single ? 'single' : (cart.chosenDiscounts[0] ?? '')

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <List dense sx={{ flex: 1, overflow: 'auto' }}>
        {cart.lines.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary" data-testid="pos-empty-cart">
            {cart.open ? t('pos.sell.emptyCart') : t('pos.sell.noOrder')}
          </Typography>
        )}
        {cart.lines.map((line, index) => {
          const priced = lineOf.get(line.id)
          return (
            <ListItem key={line.id} data-testid={`pos-line-${index}`} divider sx={{ gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{text(line.name)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {/* The quantity in words too: the line's text says name, quantity and amount. */}
                  {`${formatMoney(line.price)} × ${line.quantity}`}
                  {priced?.discount ? ` · −${formatMoney(priced.discount)}` : ''}
                </Typography>
              </Box>
              <QuantityInput
                value={line.quantity}
                weighted={line.weighted}
                fixed={Boolean(line.fixedPrice)}
                index={index}
                onSet={(quantity) => props.dispatch({ type: 'quantity', index, quantity })}
              />
              <Typography sx={{ width: 96, textAlign: 'right' }} data-testid={`pos-line-amount-${index}`}>
                {formatMoney(priced?.total ?? null)}
              </Typography>
              <IconButton
                aria-label={t('pos.sell.removeLine')}
                onClick={() => props.dispatch({ type: 'remove', index })}
                size="small"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </ListItem>
          )
        })}
      </List>
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
          sx={{ m: 1 }}
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
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', px: 2, py: 1, rowGap: 0.5 }}>
        <Typography>{t('pos.sell.subtotal')}</Typography>
        <Typography data-testid="pos-subtotal">{formatMoney(pricing?.subtotal ?? 0)}</Typography>
        <Typography>{t('pos.sell.discount')}</Typography>
        <Typography data-testid="pos-discount">{formatMoney(-(pricing?.discount ?? 0))}</Typography>
        {pricing?.rounding ? (
          <>
            <Typography>{t('pos.sell.rounding')}</Typography>
            <Typography>{formatMoney(pricing.rounding)}</Typography>
          </>
        ) : null}
        <Typography variant="h5">{t('pos.sell.total')}</Typography>
        <Typography variant="h5" data-testid="pos-total">
          {formatMoney(pricing?.total ?? 0)}
        </Typography>
      </Box>
    </Box>
  )
})
