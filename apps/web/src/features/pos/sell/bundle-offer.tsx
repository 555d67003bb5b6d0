import { useLayoutEffect, useRef, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography
} from '@mui/material'
import type { BundlePopup, Discount } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import type { CartAction, CartState, SellLine } from './cart-store'
import { useText } from './pick-dialogs'

/*
 * The shop's bundlePopup (spec §3.1, §9 bundlePopup; decision 0183): with `popup`, a product added to the
 * order that a pickable bundle discount is built on (the rule's `product`) offers those bundles at once —
 * the choice the cart panel's "Bundle discount" list gives ("select bundle discount, or Purchase Single
 * Product", spec §2.13). Asked once per new line, and not when the order has a bundle or "single" chosen.
 */

export interface BundleOffer {
  line: SellLine
  rules: Discount[]
}

/**
 * The offer for the line just added, or none. `before`: the cart as it was; a line was added when the
 * counter moved on by one line more (a held order resumed or a clone is not an addition).
 */
export const bundleOfferFor = (
  cart: CartState,
  before: Pick<CartState, 'nextLine' | 'lines'>,
  bundles: readonly Discount[],
  mode: BundlePopup | null | undefined
): BundleOffer | null => {
  if (mode !== 'popup' || cart.single || cart.chosenDiscounts.length) return null
  if (cart.nextLine <= before.nextLine || cart.lines.length !== before.lines.length + 1) return null
  const line = cart.lines.at(-1)
  if (!line) return null
  const rules = bundles.filter((rule) => rule.product === line.product)
  return rules.length ? { line, rules } : null
}

/** Watches the order for a new line and answers the offer to show, with its close. */
export const useBundleOffer = (cart: CartState, bundles: readonly Discount[], mode: BundlePopup | null | undefined) => {
  const [offer, setOffer] = useState<BundleOffer | null>(null)
  const seen = useRef<Pick<CartState, 'nextLine' | 'lines'>>(cart)
  useLayoutEffect(() => {
    const before = seen.current
    seen.current = cart
    const next = bundleOfferFor(cart, before, bundles, mode)
    if (next) setOffer(next)
  }, [cart, bundles, mode])
  return { offer, close: () => setOffer(null) }
}

export const BundleOfferDialog = (props: {
  offer: BundleOffer | null
  dispatch: (action: CartAction) => void
  onClose: () => void
}) => {
  const { t } = useListT()
  const text = useText()
  const { offer } = props
  const choose = (action: CartAction) => {
    props.dispatch(action)
    props.onClose()
  }
  return (
    <Dialog open={Boolean(offer)} onClose={props.onClose} data-testid="pos-bundle-offer">
      <DialogTitle>{t('posBundle.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('posBundle.text', { product: offer ? text(offer.line.name) : '' })}</Typography>
        <List>
          {(offer?.rules ?? []).map((rule, i) => (
            <ListItemButton
              key={rule._id}
              autoFocus={i === 0}
              onClick={() => choose({ type: 'discount', chosen: [rule._id] })}
              data-testid={`pos-bundle-offer-${rule._id}`}
            >
              <ListItemText primary={text(rule.name)} />
            </ListItemButton>
          ))}
          <ListItemButton onClick={() => choose({ type: 'single' })} data-testid="pos-bundle-offer-single">
            <ListItemText primary={t('pos.sell.single')} />
          </ListItemButton>
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid="pos-bundle-offer-later">
          {t('posBundle.later')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
