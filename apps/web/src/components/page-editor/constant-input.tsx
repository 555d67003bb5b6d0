import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material'
import Close from '@mui/icons-material/Close'
import { defaultForType, itemType, parseType, type PropSpec, type TypeRef } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { CssEditor } from './widgets/css-editor'
import { ColourWidget } from './widgets/colour-widget'
import { DimensionPicker } from './widgets/dimension-picker'
import { FieldWidget } from './widgets/field-widget'
import { optionWords } from './path-words'
import { MenusEditor } from './widgets/menus-editor'
import { PageLinkPicker } from './widgets/page-link-picker'

export interface ConstantInputProps {
  label: string
  /** The prop's stored name: its choices read in the merchant's words (`pe.option.<name>.<value>`). */
  name?: string
  type: TypeRef
  spec?: PropSpec
  value: unknown
  onChange: (value: unknown) => void
  testId: string
}

/** A list prop (`tran[]`, `object[]`, `range[]`): its items, each with the item type's input, added and removed. */
const ListInput = ({ label, type, spec, value, onChange, testId }: ConstantInputProps) => {
  const { t } = useListT()
  const items = Array.isArray(value) ? value : []
  const item = itemType(type)!
  const fresh = () =>
    spec?.fields
      ? Object.fromEntries(
          Object.entries(spec.fields).map(([name, field]) => [name, field.default ?? defaultForType(field.type)])
        )
      : defaultForType(item)
  return (
    <Stack spacing={1} data-testid={testId} data-count={items.length}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {items.map((entry, index) => (
        <Stack
          key={index}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', borderLeft: 2, borderColor: 'divider', pl: 1 }}
        >
          <Stack sx={{ flex: 1 }}>
            <ConstantInput
              label={`${index + 1}`}
              type={item}
              spec={spec?.fields ? { type: item, fields: spec.fields } : undefined}
              value={entry}
              onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
              testId={`${testId}-${index}`}
            />
          </Stack>
          <IconButton
            size="small"
            aria-label={t('pe.remove')}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
            data-testid={`${testId}-${index}-remove`}
          >
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        onClick={() => onChange([...items, fresh()])}
        data-testid={`${testId}-add`}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('pe.add')}
      </Button>
    </Stack>
  )
}

/** A field of an object prop by its words (`pe.prop.<name>`), its stored name when it has none. */
const optionLabel = (name: string, tAny: (key: string) => string) => {
  const text = tAny(`pe.prop.${name}`)
  return text && text !== `pe.prop.${name}` ? text : name
}

/** An object prop with declared fields (a slide, a condition): each field's input. */
const ObjectInput = ({ label, spec, value, onChange, testId }: ConstantInputProps) => {
  const { tAny } = useListT()
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {Object.entries(spec!.fields!).map(([name, field]) => (
        <ConstantInput
          key={name}
          name={name}
          label={optionLabel(name, tAny)}
          type={field.type}
          spec={field}
          value={record[name]}
          onChange={(next) => onChange({ ...record, [name]: next })}
          testId={`${testId}-${name}`}
        />
      ))}
    </Stack>
  )
}

/**
 * The widget of a constant of one prop type (spec §3.15 types → §2.10 widgets): dimensions, sizes,
 * colours, css, links, menus, rich text, images, videos, texts in every language, choices, lists.
 */
export const ConstantInput = (props: ConstantInputProps) => {
  const { label, name, type, spec, value, onChange, testId } = props
  const { tAny } = useListT()
  const parsed = parseType(type)
  if (!parsed) return null
  if (parsed.depth > 0) return <ListInput {...props} />
  if (spec?.fields) return <ObjectInput {...props} />
  switch (parsed.name) {
    case 'dim':
      return (
        <DimensionPicker
          size
          label={label}
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
          testId={testId}
        />
      )
    case 'dim-num':
      return (
        <DimensionPicker
          label={label}
          value={typeof value === 'string' ? value : undefined}
          onChange={onChange}
          testId={testId}
        />
      )
    case 'color':
      return <ColourWidget label={label} value={value} onChange={onChange} testId={testId} />
    case 'css':
      return <CssEditor value={value} onChange={onChange} testId={testId} />
    case 'pageRef':
      return <PageLinkPicker label={label} value={value} onChange={onChange} testId={testId} />
    case 'menuItems':
      return <MenusEditor label={label} value={value} onChange={onChange} testId={testId} />
    case 'tran':
      return <FieldWidget type="translatable" label={label} value={value} onChange={onChange} testId={testId} />
    case 'html':
      return <FieldWidget type="richtext" label={label} value={value} onChange={onChange} testId={testId} />
    case 'imageRef':
      return <FieldWidget type="image" label={label} value={value} onChange={onChange} testId={testId} />
    case 'videoRef':
      return <FieldWidget type="video" label={label} value={value} onChange={onChange} testId={testId} />
    case 'boolean':
      return (
        <FieldWidget
          type="boolean"
          label={label}
          value={Boolean(value)}
          onChange={(next) => onChange(Boolean(next))}
          testId={testId}
        />
      )
    case 'number':
      return (
        <FieldWidget
          type="number"
          label={label}
          value={value}
          onChange={(next) => onChange(next === '' || next === null || next === undefined ? 0 : Number(next))}
          testId={testId}
        />
      )
    case 'range': {
      const range = (typeof value === 'object' && value !== null ? value : {}) as { min?: number; max?: number }
      return (
        <Stack direction="row" spacing={1} data-testid={testId}>
          {(['min', 'max'] as const).map((end) => (
            <FieldWidget
              key={end}
              type="number"
              label={`${label} ${end}`}
              value={range[end]}
              onChange={(next) => onChange({ ...range, [end]: next === '' ? undefined : Number(next) })}
              testId={`${testId}-${end}`}
            />
          ))}
        </Stack>
      )
    }
    case 'enum':
    case 'multiEnum': {
      const multiple = parsed.name === 'multiEnum'
      return (
        <TextField
          select
          size="small"
          label={label}
          value={multiple ? (Array.isArray(value) ? value : []) : (value ?? '')}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ select: { multiple, SelectDisplayProps: { 'data-testid': testId } as object } }}
        >
          {(spec?.options ?? []).map((option) => (
            <MenuItem key={option} value={option} data-testid={`${testId}-option-${option}`}>
              {optionWords(name, option, tAny)}
            </MenuItem>
          ))}
        </TextField>
      )
    }
    case 'product':
    case 'object':
      // Only linked to data (a product, a condition's value): a constant one is written as text.
      return (
        <FieldWidget
          type="text"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          testId={testId}
        />
      )
    default:
      return (
        <FieldWidget
          type="text"
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(String(next ?? ''))}
          testId={testId}
        />
      )
  }
}
