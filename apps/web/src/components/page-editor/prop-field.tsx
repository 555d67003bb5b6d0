import { Button, Stack, Typography } from '@mui/material'
import LinkOff from '@mui/icons-material/LinkOff'
import {
  defaultFetchSource,
  defaultForType,
  fetchOf,
  isAssignable,
  isExpression,
  pathOf,
  type FetchSource,
  type PropSpec,
  type TypeScope
} from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { ConstantInput } from './constant-input'
import { DataSourcePicker } from './widgets/data-source-picker'
import { ExpressionPicker } from './widgets/expression-picker'

export interface PropFieldProps {
  name: string
  label?: string
  spec: PropSpec
  value: unknown
  onChange: (value: unknown) => void
  /** Where the prop's node sits: the component's data variables and its enclosing loops. */
  scope: TypeScope
  /** "New variable" (§2.10 `$new`): add a data variable of this type. */
  onNewVariable: (name: string, type: string) => void
  /** The server's message for this prop (a refused save), shown on the field. */
  error?: string
  testId: string
}

/**
 * One prop in the props panel (spec §3.15): a constant with its type's widget, or linked to data — a
 * path chosen with the expression picker, or a data source for lists of products. The picker's button
 * toggles between them; unlinking brings back the prop's default.
 */
export const PropField = ({ name, label = name, spec, value, onChange, scope, onNewVariable, error, testId }: PropFieldProps) => {
  const { t } = useListT()
  const path = pathOf(value)
  const source = fetchOf(value)
  const takesSource = spec.anyList || isAssignable('product[]', spec.type)
  const unlink = () => onChange(spec.default ?? defaultForType(spec.type))
  return (
    <Stack
      spacing={0.75}
      data-testid={testId}
      data-linked={isExpression(value)}
      data-error={Boolean(error)}
      sx={error ? { borderLeft: 3, borderColor: 'error.main', pl: 1 } : undefined}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" color={error ? 'error' : undefined} sx={{ flex: 1 }}>
          {label}
        </Typography>
        <ExpressionPicker
          scope={scope}
          wanted={spec.anyList ? undefined : spec.type}
          value={path}
          onPick={(picked) => onChange({ $exp: picked })}
          onNewVariable={(variable) => {
            onNewVariable(variable, spec.type)
            onChange({ $exp: variable })
          }}
          testId={`${testId}-exp`}
        />
        {takesSource && !source ? (
          <Button
            size="small"
            onClick={() => onChange({ $exp: { $fetch: defaultFetchSource } })}
            data-testid={`${testId}-source`}
          >
            {t('pe.source.use')}
          </Button>
        ) : null}
        {isExpression(value) ? (
          <Button size="small" startIcon={<LinkOff />} onClick={unlink} data-testid={`${testId}-unlink`}>
            {t('pe.exp.unlink')}
          </Button>
        ) : null}
      </Stack>
      {source ? (
        <DataSourcePicker
          value={source}
          onChange={(next: FetchSource) => onChange({ $exp: { $fetch: next } })}
          testId={`${testId}-datasource`}
        />
      ) : path ? null : (
        <ConstantInput
          label={label}
          name={name}
          type={spec.type}
          spec={spec}
          value={value}
          onChange={onChange}
          testId={`${testId}-value`}
        />
      )}
      {error ? (
        <Typography variant="caption" color="error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Typography>
      ) : null}
    </Stack>
  )
}
