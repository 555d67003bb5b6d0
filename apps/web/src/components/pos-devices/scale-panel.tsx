import { useState } from 'react'
import { Button, Stack } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { scaleProtocols, type ScaleProtocol } from '../../lib/pos-hardware/scale-protocols'
import type { ScaleTransport } from '../../lib/pos-hardware/scale-store'
import { usePosScale } from '../../lib/pos-hardware/use-hardware'
import { Choice, DeviceStateChip, useDeviceAction } from './device-parts'

const transports: ScaleTransport[] = ['serial', 'bluetooth', 'keyboard']

/** Connects the till's scale (the same one the weight dialog reads) by connection and protocol, and shows its state. */
export const ScalePanel = () => {
  const { t } = useListT()
  const scale = usePosScale()
  const run = useDeviceAction()
  const [transport, setTransport] = useState<ScaleTransport>('serial')
  const [protocol, setProtocol] = useState<ScaleProtocol>('cas')
  const busy = scale.state === 'connecting'
  return (
    <Stack spacing={2}>
      <DeviceStateChip state={scale.state} testId="scale-state" />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Choice
          label={t('devHardware.transport')}
          value={transport}
          values={transports}
          prefix="devHardware.transport"
          onChange={setTransport}
          testId="scale-transport"
        />
        <Choice
          label={t('devHardware.weight.protocol')}
          value={protocol}
          values={scaleProtocols}
          prefix="devHardware.weight.protocol"
          onChange={setProtocol}
          disabled={transport === 'keyboard'}
          testId="scale-protocol"
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => run(() => scale.connect(transport, protocol))}
          data-testid="scale-connect"
        >
          {t('devHardware.connect')}
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => run(async () => (await scale.reconnect()) || notifyError(t('devHardware.notFound')))}
        >
          {t('devHardware.reconnect')}
        </Button>
        <Button variant="outlined" disabled={!scale.scale} onClick={() => run(scale.disconnect)} data-testid="scale-disconnect">
          {t('devHardware.disconnect')}
        </Button>
      </Stack>
    </Stack>
  )
}
