import { useState } from 'react'
import { Button, Chip, Stack, TextField, Typography } from '@mui/material'
import { weightUnits, type WeightUnit } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { convertWeight, convertWeightForDisplay, formatThousandths, readingThousandths } from '../../lib/pos-hardware/units'
import { usePosScale } from '../../lib/pos-hardware/use-hardware'
import { Choice } from '../../components/pos-devices/device-parts'
import { ScalePanel } from '../../components/pos-devices/scale-panel'
import { HardwarePage } from './dev-hardware-parts'

/** Developer page `emporia/weight` (spec §2.2, §9.8): connect the scale, watch readings and the state. */
export const WeightTestPage = () => {
  const { t } = useListT()
  const scale = usePosScale()
  const [productUnit, setProductUnit] = useState<WeightUnit>('kg')
  const [typed, setTyped] = useState('')
  const [typedBad, setTypedBad] = useState(false)
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
        <ScalePanel />
        <Choice
          label={t('devHardware.weight.productUnit')}
          value={productUnit}
          values={weightUnits}
          prefix="product.weightUnit"
          onChange={setProductUnit}
          testId="scale-unit"
        />
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
