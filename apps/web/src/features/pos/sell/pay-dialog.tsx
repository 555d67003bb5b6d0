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
import { parseCents, settle, type Tender, type TenderMethod } from './tender'

/*
 * The pay dialog (spec §2.13; decision 0098), made for the keyboard: it opens on cash with what is due
 * typed in, so Enter takes exact cash and Enter again confirms; typing an amount then Enter adds it.
 * Methods: cash, the shop's own (`pos:<name>`), a card on the shop's terminal (`credit`). The till keys it
 * by order, so each payment starts afresh.
 */

export const PayDialog = (props: {
  open: boolean
  total: number
  extraMethods: string[]
  busy: boolean
  onConfirm: (tenders: Tender[]) => void
  onClose: () => void
}) => {
  const { t } = useListT()
  const [tenders, setTenders] = useState<Tender[]>([])
  const [method, setMethod] = useState<TenderMethod>('cash')
  const [typed, setTyped] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const settlement = settle(props.total, tenders)

  const methods: { id: TenderMethod; label: string }[] = [
    { id: 'cash', label: t('pos.sell.method.cash') },
    ...props.extraMethods.map((name) => ({ id: `pos:${name}` as TenderMethod, label: name })),
    { id: 'credit', label: t('pos.sell.method.credit') }
  ]

  const typedCents = typed.trim() === '' ? settlement.due : parseCents(typed)
  const tooMuch = method !== 'cash' && typedCents !== null && typedCents > settlement.due
  const canAdd = typedCents !== null && !tooMuch && (typedCents > 0 || (props.total === 0 && method === 'cash'))
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
      maxWidth="sm"
    >
      <DialogTitle>
        {t('pos.sell.pay')} · {formatMoney(props.total)}
      </DialogTitle>
      <DialogContent>
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
            sx={{ mt: 1, whiteSpace: 'nowrap' }}
          >
            {t('pos.sell.addTender')}
          </Button>
        </Box>
        <List dense>
          {tenders.map((tender, i) => (
            <ListItem
              key={i}
              data-testid={`pos-tendered-${i}`}
              secondaryAction={
                <IconButton
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
        <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, fontSize: '1.25em' }}>
          <Typography>{t('pos.sell.tendered')}</Typography>
          <Typography align="right">{formatMoney(settlement.paid + settlement.change)}</Typography>
          <Typography>{t('pos.sell.due')}</Typography>
          <Typography align="right" data-testid="pos-due">
            {formatMoney(settlement.due)}
          </Typography>
          <Typography variant="h6">{t('pos.sell.change')}</Typography>
          <Typography variant="h6" align="right" data-testid="pos-change">
            {formatMoney(settlement.change)}
          </Typography>
        </Box>
        {settlement.problem && <Alert severity="error">{t('pos.sell.overDue')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('pos.sell.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!done || props.busy} data-testid="pos-pay-confirm">
          {props.busy ? t('pos.sell.sending') : t('pos.sell.confirmPay')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
