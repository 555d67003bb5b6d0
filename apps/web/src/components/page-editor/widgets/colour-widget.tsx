import { ColourInput } from '../../fields/colour-field'
import type { AnyMessageKey } from '../../../lib/i18n/lists'

/** The shared colour field (spec §5.6) as an editor widget: valid hex only, alpha capped at 1 in 0.01 steps. */
export const ColourWidget = ({
  label,
  value,
  onChange,
  testId
}: {
  label: string
  value: unknown
  onChange: (value: string) => void
  testId: string
}) => (
  <ColourInput
    // A prop's label is its name or an already translated text: `t` hands an unknown key back as it is.
    field={{ name: testId, label: label as AnyMessageKey, type: 'colour' }}
    value={value}
    onChange={(next) => onChange(String(next))}
    values={{}}
    setValue={() => undefined}
    testId={testId}
  />
)
