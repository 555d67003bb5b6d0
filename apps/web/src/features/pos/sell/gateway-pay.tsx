import { useRef, useState } from 'react'
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material'
import { QRCodeSVG } from 'qrcode.react'
import { gatewayEnabled, servicePaths, type Payment, type PaymentGateways, type Shop } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { i18n } from '../../../lib/i18n/i18n'
import { useListT } from '../../../lib/i18n/lists'
import { shopApi } from '../../../lib/resource-client'

/*
 * A payment through a gateway at the till (decisions 0199, 0200): the wallet's QR code for the customer to
 * scan, or "waiting for the terminal" while the customer uses the card terminal. Only the gateway's signed
 * notification marks it paid on the server; the till asks for its state until it is no longer pending.
 * Cancel withdraws the charge at the gateway (the server does) and leaves the order unpaid.
 */

export type GatewayTender = 'terminal' | 'mobileWallet' | 'messagingWallet' | 'transitCard'
export const gatewayTenders: readonly GatewayTender[] = ['terminal', 'mobileWallet', 'messagingWallet', 'transitCard']
export const isGatewayTender = (method: string): method is GatewayTender => (gatewayTenders as readonly string[]).includes(method)

/** The gateways this shop takes at the till. */
export const tillGateways = (shop: Shop | undefined): GatewayTender[] => {
  const gateways = (shop as { paymentGateways?: PaymentGateways } | undefined)?.paymentGateways
  return [
    ...(gatewayEnabled(gateways, 'terminal') ? (['terminal'] as const) : []),
    ...(gatewayEnabled(gateways, 'alipayHk') ? (['mobileWallet'] as const) : []),
    ...(gatewayEnabled(gateways, 'wechatPayHk') ? (['messagingWallet'] as const) : []),
    ...(gatewayEnabled(gateways, 'octopus') ? (['transitCard'] as const) : [])
  ]
}

interface Waiting {
  payment: Payment & { _id: string }
}

const POLL_MS = 1500
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const useGatewayPay = () => {
  const [waiting, setWaiting] = useState<Waiting | null>(null)
  const cancelled = useRef(false)

  /** Takes `amount` through the gateway against the order; answers whether it was paid. */
  const take = async (order: string, method: GatewayTender, amount: number, key: string): Promise<boolean> => {
    cancelled.current = false
    const payment = (await shopApi(servicePaths.payments).create({
      order,
      method,
      amount,
      idempotencyKey: key
    })) as Payment & { _id: string }
    setWaiting({ payment })
    try {
      for (;;) {
        const now = (await shopApi(servicePaths.payments).get(payment._id)) as Payment
        if (now.status !== 'pending') return now.status === 'paid'
        if (cancelled.current) {
          const after = (await shopApi(servicePaths.payments).patch(payment._id, { status: 'cancelled' })) as Payment
          return after.status === 'paid'
        }
        await pause(POLL_MS)
      }
    } finally {
      setWaiting(null)
    }
  }

  const cancel = () => {
    cancelled.current = true
  }
  return { take, waiting, cancel }
}

export const GatewayWaitDialog = ({ waiting, onCancel }: { waiting: Waiting | null; onCancel: () => void }) => {
  const { t } = useListT()
  const payment = waiting?.payment
  const code = payment?.clientSecret
  return (
    <Dialog open={Boolean(payment)} data-testid="pos-gateway-wait" fullWidth maxWidth="xs">
      <DialogTitle>
        {payment ? `${i18n.t(`pos.sell.method.${payment.method}`)} · ${formatMoney(payment.amount)}` : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        {code ? (
          <>
            <Box data-testid="pos-gateway-qr" data-code={code} sx={{ p: 1, bgcolor: '#fff' }}>
              <QRCodeSVG value={code} size={220} />
            </Box>
            <Typography>{t('pos.sell.gatewayScan')}</Typography>
          </>
        ) : (
          <Typography data-testid="pos-gateway-terminal">{t('pos.sell.gatewayTerminal')}</Typography>
        )}
        <CircularProgress size={28} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="pos-gateway-cancel" sx={{ minHeight: 48 }}>
          {t('pos.sell.gatewayCancel')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
