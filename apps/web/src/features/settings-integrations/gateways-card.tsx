import { Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material'
import { gatewayStates, type PaymentGateways } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'

type GatewayState = ReturnType<typeof gatewayStates>[number]

/** One word for where a gateway stands, most telling first: not offered yet, off, keys missing, test or live. */
const stateOf = (gateway: GatewayState) => {
  if (!gateway.available) return { key: 'notYet', color: 'default' } as const
  if (!gateway.enabled) return { key: 'off', color: 'default' } as const
  if (!gateway.ready) return { key: 'keysMissing', color: 'error' } as const
  if (gateway.staging) return { key: 'staging', color: 'warning' } as const
  return { key: 'live', color: 'success' } as const
}

/**
 * The payment gateways' card (decision 0199): each gateway's state as the shop's settings leave it —
 * never a credential, which only settings/payment takes (write-only).
 */
export const GatewaysCard = ({ gateways }: { gateways: PaymentGateways | null | undefined }) => {
  const { t } = useListT()
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="integration-gateways">
      <Stack spacing={2}>
        <Typography variant="h6">{t('integrations.gateways' as AnyMessageKey)}</Typography>
        <Typography color="text.secondary">{t('integrations.gatewaysWhat' as AnyMessageKey)}</Typography>
        <Table size="small">
          <TableBody>
            {gatewayStates(gateways).map((gateway) => {
              const state = stateOf(gateway)
              return (
                <TableRow key={gateway.id} data-testid={`gateway-${gateway.id}`}>
                  <TableCell>{t(`integrations.gateway.${gateway.id}` as AnyMessageKey)}</TableCell>
                  <TableCell align="right">
                    <Chip
                      size="small"
                      color={state.color}
                      label={t(`integrations.gatewayState.${state.key}` as AnyMessageKey)}
                      data-testid="gateway-state"
                    />
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
        <div>
          <Button component={AppLink} href="/settings/payment" variant="outlined" data-testid="gateways-settings">
            {t('integrations.gatewaysSettings' as AnyMessageKey)}
          </Button>
        </div>
      </Stack>
    </Paper>
  )
}
