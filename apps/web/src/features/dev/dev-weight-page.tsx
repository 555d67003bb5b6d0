import { useState } from 'react'
import { Button, Chip, Stack, TextField, Typography } from '@mui/material'
import { weightUnits, type WeightUnit } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { scaleProtocols, type ScaleProtocol } from '../../lib/pos-hardware/scale-protocols'
import type { ScaleTransport } from '../../lib/pos-hardware/scale-store'
import { convertWeight, convertWeightForDisplay, formatThousandths, readingThousandths } from '../../lib/pos-hardware/units'
import { usePosScale } from '../../lib/pos-hardware/use-hardware'
import { Choice, DeviceStateChip, HardwarePage, useDeviceAction } from './dev-hardware-parts'

const transports: ScaleTransport[] = ['serial', 'bluetooth', 'keyboard']

/** Developer page `emporia/weight` (spec §2.2, §9.8): connect the scale, watch readings and the state. */
export const WeightTestPage = () => {
  const { t } = useListT()
  const scale = usePosScale()
  const run = useDeviceAction()
  const [transport, setTransport] = useState<ScaleTransport>('serial')
  const [protocol, setProtocol] = useState<ScaleProtocol>('cas')
  const [productUnit, setProductUnit] = useState<WeightUnit>('kg')
  const [typed, setTyped] = useState('')
  const [typedBad, setTypedBad] = useState(false)
  const busy = scale.state === 'connecting'
  const unitLabel = (unit: WeightUnit) => t(`product.weightUnit.${unit}`)

  const reading = scale.reading
  const thousandths = reading ? readingThousandths(reading.value) : null
  const exact = reading && thousandths !== null ? convertWeight(thousandths, reading.unit, productUnit) : null
  const converted =
    !reading || thousandths === null
      ? ''
      : exact !== null
        ? `${formatThousandths(exact)} ${unitLabel(productUnit)}`
        : t('devHardware.weight.approximate', {
            value: `${formatThousandths(convertWeightForDisplay(thousandths, reading.unit, productUnit))} ${unitLabel(productUnit)}`
          })

  const enter = () => {
    const accepted = scale.enter(typed, productUnit)
    setTypedBad(!accepted)
    if (accepted) setTyped('')
  }

  return (
    <HardwarePage intro="devHardware.weight.intro">
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
          <Choice
            label={t('devHardware.weight.productUnit')}
            value={productUnit}
            values={weightUnits}
            prefix="product.weightUnit"
            onChange={setProductUnit}
            testId="scale-unit"
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
        {scale.scale?.transport === 'keyboard' && (
          <Stack direction="row" spacing={1} component="form" onSubmit={(event) => (event.preventDefault(), enter())}>
            <TextField
              size="small"
              label={t('devHardware.weight.typed')}
              value={typed}
              error={typedBad}
              helperText={typedBad ? t('devHardware.weight.badWeight') : undefined}
              onChange={(event) => setTyped(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'scale-typed' } }}
            />
            <Button type="submit" variant="outlined">
              {t('devHardware.weight.enter')}
            </Button>
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-live="polite">
          <Typography variant="h4" data-testid="scale-reading">
            {reading ? `${reading.value.toFixed(3)} ${unitLabel(reading.unit)}` : t('devHardware.weight.none')}
          </Typography>
          {reading && (
            <Chip
              data-testid="scale-stable"
              data-stable={String(reading.stable)}
              color={reading.stable ? 'success' : 'warning'}
              label={t(reading.stable ? 'devHardware.weight.stable' : 'devHardware.weight.unstable')}
            />
          )}
        </Stack>
        {converted && (
          <Typography data-testid="scale-converted">
            {t('devHardware.weight.converted')}: {converted}
          </Typography>
        )}
      </Stack>
    </HardwarePage>
  )
}
