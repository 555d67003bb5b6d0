import type { Row } from '../../lib/resource-client'
import { FieldInput } from '../fields/field-input'
import { errorsBelow } from '../fields/field-errors'
import type { FieldDef } from '../fields/field-types'
import type { EditorForm } from './use-editor-form'

/** One declared field bound to a form of useEditorForm: its value, its error and its setters. */
export const FormFieldInput = ({
  form,
  field,
  testId,
  record
}: {
  form: EditorForm
  field: FieldDef
  testId: string
  record?: Row
}) => (
  <FieldInput
    field={form.required.has(field.name) && !field.required ? { ...field, required: true } : field}
    value={form.values[field.name]}
    onChange={(value) => form.setValue(field.name, value)}
    error={form.errors[field.name]}
    errors={errorsBelow(form.errors, field.name)}
    values={form.values}
    setValue={form.setValue}
    testId={testId}
    record={record}
  />
)
