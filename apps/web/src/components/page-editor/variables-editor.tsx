import { useState } from 'react'
import { Autocomplete, Button, IconButton, Stack, TextField, Typography } from '@mui/material'
import Close from '@mui/icons-material/Close'
import {
  defaultForType,
  fetchOf,
  isAssignable,
  isTypeRef,
  propTypeNames,
  VARIABLE_PATTERN,
  type ComponentModel
} from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { ConstantInput } from './constant-input'
import { DataSourcePicker } from './widgets/data-source-picker'

const variableName = new RegExp(VARIABLE_PATTERN)
/** The types offered when naming one (any other well-formed type may be typed). */
const TYPE_CHOICES = [...propTypeNames, 'product[]', 'string[]', 'imageRef[]', 'tran[]', 'object[]']

const record = <T,>(value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, T>) : {})

/** Adds a name: a row with a name field and an add button, refusing taken or malformed names. */
const AddName = ({
  taken,
  onAdd,
  testId
}: {
  taken: (name: string) => boolean
  onAdd: (name: string) => void
  testId: string
}) => {
  const { t } = useListT()
  const [name, setName] = useState('')
  const bad = name !== '' && (!variableName.test(name) || taken(name))
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={t('pe.var.name')}
        value={name}
        error={bad}
        helperText={bad ? t('pe.exp.nameTaken') : undefined}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-new` } }}
      />
      <Button
        size="small"
        disabled={name === '' || bad}
        onClick={() => {
          onAdd(name)
          setName('')
        }}
        data-testid={`${testId}-add`}
      >
        {t('pe.add')}
      </Button>
    </Stack>
  )
}

/** A type in the merchant's words ("產品清單" for `product[]`); a type without words stays as written. */
export const typeWords = (type: string, tAny: (key: string, values?: Record<string, unknown>) => string): string => {
  if (type.endsWith('[]')) return tAny('pe.type.list', { item: typeWords(type.slice(0, -2), tAny) })
  const key = `pe.type.${type}`
  const text = tAny(key)
  return text && text !== key ? text : type
}

const TypeInput = ({ value, onChange, testId }: { value: string; onChange: (type: string) => void; testId: string }) => {
  const { t, tAny } = useListT()
  const label = (type: string) => typeWords(type, tAny)
  // The words shown stand for their type: a choice picked (or its words typed) is the type it names.
  const byLabel = new Map(TYPE_CHOICES.map((type) => [label(type), type]))
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={TYPE_CHOICES}
      value={value}
      getOptionLabel={(option) => label(option)}
      onInputChange={(_, next) => {
        const type = byLabel.get(next) ?? next
        if (isTypeRef(type)) onChange(type)
      }}
      sx={{ minWidth: 140 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('pe.var.type')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  )
}

/**
 * A component's data variables (spec §3.15 dataType and data): each a name, a type and a value — a
 * constant of that type, or a data source for lists of products.
 */
export const VariablesEditor = ({
  value,
  onChange,
  testId
}: {
  value: unknown
  onChange: (value: Pick<ComponentModel, 'dataType' | 'data'>) => void
  testId: string
}) => {
  const { t } = useListT()
  const dataType = record<string>(record<unknown>(value).dataType)
  const data = record<ComponentModel['data'][string]>(record<unknown>(value).data)
  const set = (nextTypes: Record<string, string>, nextData: ComponentModel['data']) =>
    onChange({ dataType: nextTypes, data: nextData })
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {Object.entries(dataType).map(([name, type]) => {
        const source = fetchOf(data[name])
        const takesSource = isAssignable('product[]', type)
        return (
          <Stack key={name} spacing={1} data-testid={`${testId}-${name}`} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {name}
              </Typography>
              <TypeInput
                value={type}
                onChange={(next) => set({ ...dataType, [name]: next }, { ...data, [name]: defaultForType(next) as never })}
                testId={`${testId}-${name}-type`}
              />
              <IconButton
                size="small"
                aria-label={t('pe.remove')}
                onClick={() => {
                  const { [name]: _type, ...types } = dataType
                  const { [name]: _value, ...values } = data
                  set(types, values)
                }}
                data-testid={`${testId}-${name}-remove`}
              >
                <Close fontSize="small" />
              </IconButton>
            </Stack>
            {takesSource && source ? (
              <DataSourcePicker
                value={source}
                onChange={(next) => set(dataType, { ...data, [name]: { $exp: { $fetch: next } } })}
                testId={`${testId}-${name}-datasource`}
              />
            ) : takesSource ? (
              <Button
                size="small"
                onClick={() =>
                  set(dataType, {
                    ...data,
                    [name]: { $exp: { $fetch: { source: 'products', params: { query: { $limit: 10 } } } } }
                  })
                }
                data-testid={`${testId}-${name}-source`}
              >
                {t('pe.source.use')}
              </Button>
            ) : (
              <ConstantInput
                label={name}
                type={type}
                value={data[name]}
                onChange={(next) => set(dataType, { ...data, [name]: next as never })}
                testId={`${testId}-${name}-value`}
              />
            )}
          </Stack>
        )
      })}
      <AddName
        taken={(name) => Object.hasOwn(dataType, name)}
        onAdd={(name) => set({ ...dataType, [name]: 'string' }, { ...data, [name]: '' })}
        testId={testId}
      />
    </Stack>
  )
}

/** The props a component declares (spec §3.15 "props with types"), so that a page placing it can fill them. */
export const DeclaredPropsEditor = ({
  value,
  onChange,
  testId
}: {
  value: unknown
  onChange: (value: ComponentModel['props']) => void
  testId: string
}) => {
  const { t } = useListT()
  const props = record<ComponentModel['props'][string]>(value)
  return (
    <Stack spacing={1} data-testid={testId}>
      {Object.entries(props).map(([name, prop]) => (
        <Stack key={name} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`${testId}-${name}`}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {name}
          </Typography>
          <TypeInput
            value={prop.type}
            onChange={(type) => onChange({ ...props, [name]: { ...prop, type } })}
            testId={`${testId}-${name}-type`}
          />
          <IconButton
            size="small"
            aria-label={t('pe.remove')}
            onClick={() => {
              const { [name]: _removed, ...rest } = props
              onChange(rest)
            }}
          >
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <AddName
        taken={(name) => Object.hasOwn(props, name)}
        onAdd={(name) => onChange({ ...props, [name]: { type: 'string' } })}
        testId={testId}
      />
    </Stack>
  )
}
