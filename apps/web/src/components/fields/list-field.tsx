import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material'
import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/Delete'
import { generateItemId, type Values } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { errorsBelow } from './field-errors'
import type { ComponentType } from 'react'
import type { FieldProps } from './field-types'

/** Removes one item of a list (the list field's, and any screen's own list input). */
export const RemoveItemButton = ({ onClick, testId }: { onClick: () => void; testId: string }) => {
  const { t } = useListT()
  return (
    <IconButton aria-label={t('field.remove')} onClick={onClick} data-testid={testId}>
      <Delete />
    </IconButton>
  )
}

/** Adds an item at the end of a list. */
export const AddItemButton = ({ onClick, testId, disabled }: { onClick: () => void; testId: string; disabled?: boolean }) => {
  const { t } = useListT()
  return (
    <Box>
      <Button startIcon={<Add />} disabled={disabled} onClick={onClick} data-testid={testId}>
        {t('field.add')}
      </Button>
    </Box>
  )
}

/**
 * A repeatable list (spec §3.17, §6.5): new items get a generated id; canDelete / canView per item.
 * Its items' inputs come from the caller (`ItemInput`, the field dispatcher): a list's items are fields
 * too, and passing the dispatcher in keeps this module from importing the one that imports it.
 */
export const ListInput = ({
  field,
  value,
  onChange,
  error,
  errors,
  testId,
  record,
  ItemInput
}: FieldProps & { ItemInput: ComponentType<FieldProps> }) => {
  const { t } = useListT()
  if (field.type !== 'list') return null
  const items = (Array.isArray(value) ? value : []) as Values[]
  const itemKey = field.itemKey ?? 'id'
  const setItem = (index: number, name: string, next: unknown) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [name]: next } : item)))
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      {items.map((item, index) =>
        field.canView && !field.canView(item) ? null : (
          <Paper
            key={String(item[itemKey] ?? index)}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid={`${testId}-item`}
            data-id={String(item[itemKey] ?? '')}
          >
            <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={1}>
              <Box
                sx={{
                  flex: 1,
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(200px, 1fr))' }
                }}
              >
                {field.fields
                  .filter((sub) => !sub.hidden?.(item))
                  .map((sub) => (
                    <ItemInput
                      key={sub.name}
                      field={sub}
                      value={item[sub.name]}
                      onChange={(next) => setItem(index, sub.name, next)}
                      values={item}
                      setValue={(name, next) => setItem(index, name, next)}
                      testId={`${testId}-${index}-${sub.name}`}
                      record={record}
                      error={errors?.[`${index}.${sub.name}`]}
                      errors={errorsBelow(errors, `${index}.${sub.name}`)}
                    />
                  ))}
              </Box>
              {(!field.canDelete || field.canDelete(item)) && (
                <RemoveItemButton
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                  testId={`${testId}-${index}-remove`}
                />
              )}
            </Stack>
          </Paper>
        )
      )}
      <AddItemButton
        onClick={() => onChange([...items, { ...field.newItem?.(), ...(field.noItemId ? {} : { [itemKey]: generateItemId() }) }])}
        testId={`${testId}-add`}
      />
      {error && (
        <Typography color="error" variant="caption">
          {error}
        </Typography>
      )}
    </Stack>
  )
}
