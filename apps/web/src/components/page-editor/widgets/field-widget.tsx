import { FieldInput } from '../../fields/field-input'
import type { FieldDef } from '../../fields/field-types'
import type { AnyMessageKey } from '../../../lib/i18n/lists'

type Shape = Exclude<FieldDef['type'], 'custom' | 'list' | 'select' | 'recordItem'>

/**
 * One of the app's shared inputs (translatable text, rich text, image and video pickers, numbers,
 * switches) as an editor widget, so the page editor's fields behave as every form's do.
 */
export const FieldWidget = ({
  type,
  label,
  value,
  onChange,
  testId
}: {
  type: Shape
  label: string
  value: unknown
  onChange: (value: unknown) => void
  testId: string
}) => (
  <FieldInput
    // A prop's label is its name or an already translated text: `t` hands an unknown key back as it is.
    field={{ name: testId, label: label as AnyMessageKey, type } as FieldDef}
    value={value}
    onChange={onChange}
    values={{}}
    setValue={() => undefined}
    testId={testId}
  />
)
