import { useRef, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography
} from '@mui/material'
import CloseIcon from '@mui/icons-material/Close'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { usePhone } from '../../../lib/phone'
import { pressKey } from './numpad-entry'
import { Numpad, SideKey } from './numpad'
import { quickCash } from './quick-cash'
import { parseCents, settle, type Tender, type TenderMethod } from './tender'
import { isGatewayTender, type GatewayTender } from './gateway-pay'

/*
 * The pay dialog (spec §2.13; decision 0098), made for the keyboard: it opens on cash with what is due
 * typed in, so Enter takes exact cash and Enter again confirms; typing an amount then Enter adds it.
 * Methods: cash, the shop's own (`pos:<name>`), a card on the shop's terminal (`credit`). The till keys it
 * by order, so each payment starts afresh. On a touch screen (decision 0143): quick-cash keys (what is due
 * exactly, the next round notes above it, $100 and $500) each hand over that much cash, a numpad types the
 * amount, and the change stands large.
 */

export const PayDialog = (props: {
  open: boolean
  total: number
  extraMethods: string[]
  /** The shop's gateways at the till (decision 0199): at most one such tender per sale. */
  gatewayMethods?: GatewayTender[]
  busy: boolean
  onConfirm: (tenders: Tender[]) => void
  onClose: () => void
}) => {
  const { t } = useListT()
  const phone = usePhone()
  const [tenders, setTenders] = useState<Tender[]>([])
  const [method, setMethod] = useState<TenderMethod>('cash')
  const [typed, setTyped] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const settlement = settle(props.total, tenders)

  const methods: { id: TenderMethod; label: string }[] = [
    { id: 'cash', label: t('pos.sell.method.cash') },
    ...props.extraMethods.map((name) => ({ id: `pos:${name}` as TenderMethod, label: name })),
    { id: 'credit', label: t('pos.sell.method.credit') },
    ...(props.gatewayMethods ?? []).map((id) => ({ id, label: t(`pos.sell.method.${id}`) }))
  ]
  const gateway = (id: TenderMethod) => isGatewayTender(id)

  const typedCents = typed.trim() === '' ? settlement.due : parseCents(typed)
  const tooMuch = method !== 'cash' && typedCents !== null && typedCents > settlement.due
  const secondGateway = gateway(method) && tenders.some((tender) => gateway(tender.method))
  const canAdd = typedCents !== null && !tooMuch && !secondGateway && (typedCents > 0 || (props.total === 0 && method === 'cash'))
  const done = settlement.due === 0 && (tenders.length > 0 || props.total === 0)

  const add = () => {
    if (!canAdd || typedCents === null) return
    setTenders((list) => [...list, { method, amount: typedCents }])
    setTyped('')
  }
  const confirm = () => {
    if (!done || props.busy) return
    props.onConfirm(tenders.length ? tenders : [{ method: 'cash', amount: 0 }])
  }
  const handOver = (amount: number) => {
    setTenders((list) => [...list, { method: 'cash', amount }])
    setTyped('')
    input.current?.focus()
  }
  const enter = () => {
    // Enter with nothing typed and nothing due confirms; otherwise it adds what is typed (or what is due).
    if (typed.trim() === '' && done) confirm()
    else add()
  }

  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      data-testid="pos-pay-dialog"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle>
        {t('pos.sell.pay')} · {formatMoney(props.total)}
      </DialogTitle>
      <DialogContent
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(220px, 2fr)' }, gap: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <ToggleButtonGroup
            exclusive
            value={method}
            onChange={(_, next: TenderMethod | null) => next && setMethod(next)}
            sx={{ mb: 2, flexWrap: 'wrap' }}
          >
            {methods.map((entry) => (
              <ToggleButton
                key={entry.id}
                value={entry.id}
                data-testid={`pos-tender-${entry.id}`}
                onClick={() => input.current?.focus()}
                sx={{ minHeight: 48 }}
              >
                {entry.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              autoFocus
              inputRef={input}
              fullWidth
              label={t('pos.sell.amount')}
              placeholder={formatMoney(settlement.due, '')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                event.preventDefault()
                enter()
              }}
              error={typed.trim() !== '' && (typedCents === null || tooMuch)}
              helperText={tooMuch ? t('pos.sell.overDue') : ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'pos-tender-amount' } }}
            />
            <Button
              variant="outlined"
              onClick={add}
              disabled={!canAdd}
              data-testid="pos-tender-add"
              sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
            >
              {t('pos.sell.addTender')}
            </Button>
          </Box>
          {method === 'cash' && (
            <Box
              data-testid="pos-quick-cash"
              role="group"
              aria-label={t('pos.sell.quickCash')}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 0.5, mb: 1 }}
            >
              {quickCash(settlement.due).map((amount) => (
                <Button
                  key={amount}
                  variant="outlined"
                  disabled={settlement.due === 0 || props.busy}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => handOver(amount)}
                  data-testid={`pos-quick-cash-${amount}`}
                  sx={{ minHeight: 48, fontSize: '1.05em', flexDirection: 'column', lineHeight: 1.2 }}
                >
                  {amount === settlement.due ? (
                    <>
                      <span>{t('pos.sell.exact')}</span>
                      <span>{formatMoney(amount)}</span>
                    </>
                  ) : (
                    formatMoney(amount)
                  )}
                </Button>
              ))}
            </Box>
          )}
          <List dense>
            {tenders.map((tender, i) => (
              <ListItem
                key={i}
                data-testid={`pos-tendered-${i}`}
                secondaryAction={
                  <IconButton
                    sx={{ width: 48, height: 48 }}
                    aria-label={t('pos.sell.removeTender')}
                    onClick={() => setTenders((list) => list.filter((_, k) => k !== i))}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={methods.find((m) => m.id === tender.method)?.label ?? tender.method}
                  secondary={formatMoney(tender.amount)}
                />
              </ListItem>
            ))}
          </List>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, alignItems: 'baseline' }}>
            <Typography>{t('pos.sell.tendered')}</Typography>
            <Typography align="right">{formatMoney(settlement.paid + settlement.change)}</Typography>
            <Typography>{t('pos.sell.due')}</Typography>
            <Typography align="right" data-testid="pos-due">
              {formatMoney(settlement.due)}
            </Typography>
            <Typography variant="h5">{t('pos.sell.change')}</Typography>
            <Typography
              variant="h3"
              align="right"
              data-testid="pos-change"
              color={settlement.change ? 'success.main' : 'text.primary'}
              sx={{ fontWeight: 700 }}
            >
              {formatMoney(settlement.change)}
            </Typography>
          </Box>
          {settlement.problem && <Alert severity="error">{t('pos.sell.overDue')}</Alert>}
          <Numpad
            testId="pos-pay-pad"
            disabled={props.busy}
            onKey={(key) => {
              const next = pressKey(typed.trim(), key, 'money')
              if (next !== null) setTyped(next)
            }}
            side={[
              <SideKey key="clear" label="C" testId="pos-pay-pad-clear" onClick={() => setTyped('')} />,
              <span key="gap" />,
              <SideKey
                key="enter"
                label={t('pos.sell.numpad.enter')}
                primary
                testId="pos-pay-pad-enter"
                disabled={props.busy || (!done && !canAdd)}
                onClick={enter}
              />
            ]}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy} sx={{ minHeight: 48 }}>
          {t('pos.sell.cancel')}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={confirm}
          disabled={!done || props.busy}
          data-testid="pos-pay-confirm"
          sx={{ minHeight: 56, px: 4, fontSize: '1.1em' }}
        >
          {props.busy ? t('pos.sell.sending') : t('pos.sell.confirmPay')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
