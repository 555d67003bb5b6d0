import { Box, IconButton, Paper, Stack, Typography } from '@mui/material'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import { FieldInput } from '../../components/fields/field-input'
import type { FieldProps } from '../../components/fields/field-types'
import { AddItemButton, RemoveItemButton } from '../../components/fields/list-field'
import { useListT } from '../../lib/i18n/lists'
import { bannerItemFields, MAX_POS_BANNERS, type BannerValues } from './settings-pos-banners-fields'

/** The banners in the order the customer screen shows them: each moved up or down, removed, or added at the end. */
export const BannerListInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const items = (Array.isArray(value) ? value : []) as BannerValues[]
  const setItem = (index: number, name: string, next: unknown) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [name]: next } : item)))
  const move = (index: number, by: number) => {
    const next = [...items]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item)
    onChange(next)
  }
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      {items.length === 0 && (
        <Typography color="text.secondary" data-testid={`${testId}-empty`}>
          {t('posBanners.empty')}
        </Typography>
      )}
      {items.map((item, index) => (
        // Banners have no id of their own: the index is their identity, as their order is what the list edits.
        <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid={`${testId}-item`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '260px 1fr auto' } }}>
              {bannerItemFields.map((sub) => (
                <FieldInput
                  key={sub.name}
                  field={sub}
                  value={item[sub.name as keyof BannerValues]}
                  onChange={(next) => setItem(index, sub.name, next)}
                  values={item}
                  setValue={(name, next) => setItem(index, name, next)}
                  testId={`${testId}-${index}-${sub.name}`}
                />
              ))}
            </Box>
            <Stack>
              <IconButton
                aria-label={t('posBanners.up')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-testid={`${testId}-${index}-up`}
              >
                <ArrowUpward />
              </IconButton>
              <IconButton
                aria-label={t('posBanners.down')}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                data-testid={`${testId}-${index}-down`}
              >
                <ArrowDownward />
              </IconButton>
              <RemoveItemButton
                onClick={() => onChange(items.filter((_, i) => i !== index))}
                testId={`${testId}-${index}-remove`}
              />
            </Stack>
          </Stack>
        </Paper>
      ))}
      <AddItemButton
        disabled={items.length >= MAX_POS_BANNERS}
        onClick={() => onChange([...items, { image: null, title: null, enabled: true }])}
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
