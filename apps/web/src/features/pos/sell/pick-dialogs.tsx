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
import type { LocaleId, PosCatalogueProduct } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../../lib/i18n/translatable'
import type { HeldOrder } from './cart-store'
import type { ScanRecord } from './use-till'

/* The till's small choosing dialogs (decision 0098): a SKU, a held order, the scan history. */

export const useText = () => {
  const { language, tAny } = useListT()
  return (value: unknown) => resolveText(value as Translatable, language as LocaleId, tAny)
}

export const SkuDialog = (props: { product: PosCatalogueProduct | null; onPick: (sku: string) => void; onClose: () => void }) => {
  const { t } = useListT()
  const text = useText()
  const { product } = props
  return (
    <Dialog open={Boolean(product)} onClose={props.onClose} data-testid="pos-sku-dialog">
      <DialogTitle>
        {t('pos.sell.selectSku')}: {product ? text(product.name) : ''}
      </DialogTitle>
      <List>
        {(product?.skus ?? []).map((sku, i) => (
          <ListItemButton key={sku.id} autoFocus={i === 0} onClick={() => props.onPick(sku.id)} data-testid={`pos-sku-${sku.id}`}>
            <ListItemText
              primary={text(sku.name) || sku.code || sku.id}
              secondary={formatMoney(sku.price ?? product?.price ?? 0)}
            />
          </ListItemButton>
        ))}
      </List>
      <DialogActions>
        <Button onClick={props.onClose}>{t('pos.sell.cancel')}</Button>
      </DialogActions>
    </Dialog>
  )
}

export const HeldDialog = (props: {
  open: boolean
  held: HeldOrder[]
  totalOf: (order: HeldOrder) => number
  onResume: (id: string) => void
  onClose: () => void
}) => {
  const { t } = useListT()
  return (
    <Dialog open={props.open} onClose={props.onClose} data-testid="pos-held-dialog" fullWidth maxWidth="xs">
      <DialogTitle>{t('pos.sell.heldOrders')}</DialogTitle>
      <DialogContent>
        {props.held.length === 0 && <Typography color="text.secondary">{t('pos.sell.heldEmpty')}</Typography>}
        <List>
          {props.held.map((order, i) => (
            <ListItemButton
              key={order.id}
              autoFocus={i === 0}
              onClick={() => props.onResume(order.id)}
              data-testid={`pos-held-${i}`}
            >
              <ListItemText
                primary={t('pos.sell.heldLine', {
                  time: new Date(order.at).toLocaleTimeString(),
                  count: order.state.lines.length,
                  total: formatMoney(props.totalOf(order))
                })}
                secondary={order.state.member?.name}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('pos.sell.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

export const ScanHistoryDialog = (props: { open: boolean; history: ScanRecord[]; onClose: () => void }) => {
  const { t, tAny } = useListT()
  return (
    <Dialog open={props.open} onClose={props.onClose} data-testid="pos-scan-history-dialog" fullWidth maxWidth="sm">
      <DialogTitle>{t('pos.sell.scanHistory')}</DialogTitle>
      <DialogContent>
        {props.history.length === 0 && <Typography color="text.secondary">{t('pos.sell.scanHistoryEmpty')}</Typography>}
        <List dense>
          {props.history.map((entry, i) => (
            <ListItemText
              key={`${entry.at}-${i}`}
              primary={entry.code}
              secondary={`${new Date(entry.at).toLocaleTimeString()} · ${entry.error ? tAny(entry.error) : t('pos.sell.scanOk')}`}
              slotProps={{ secondary: { color: entry.error ? 'error' : 'text.secondary' } }}
            />
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('pos.sell.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

/** A yes/no question before a destructive act (clearing the order). */
export const ConfirmDialog = (props: { open: boolean; text: string; onConfirm: () => void; onClose: () => void }) => {
  const { t } = useListT()
  return (
    <Dialog open={props.open} onClose={props.onClose} data-testid="pos-confirm-dialog">
      <DialogContent>
        <Typography>{props.text}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('pos.sell.cancel')}</Button>
        <Button color="error" variant="contained" autoFocus onClick={props.onConfirm} data-testid="pos-confirm-yes">
          {t('pos.sell.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
