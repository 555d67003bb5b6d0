import { Box, Stack, Typography } from '@mui/material'
import { FieldInput } from '../../components/fields/field-input'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'

type Seo = { description?: unknown; keywords?: unknown }

/** SEO of a product (spec §3.7): a translatable description and keywords, kept as one object. */
export const SeoInput = ({ field, value, onChange, testId }: FieldProps) => {
  const { t } = useListT()
  const seo = (value && typeof value === 'object' ? value : {}) as Seo
  const part = (name: keyof Seo, label: 'product.seoDescription' | 'product.seoKeywords') => (
    <Box sx={{ flex: 1 }}>
      <FieldInput
        field={{ name, label, type: 'translatable', multiline: name === 'description' }}
        value={seo[name]}
        onChange={(next) => onChange({ ...seo, [name]: next })}
        values={seo as Record<string, unknown>}
        setValue={() => {}}
        testId={`${testId}-${name}`}
      />
    </Box>
  )
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {part('description', 'product.seoDescription')}
        {part('keywords', 'product.seoKeywords')}
      </Stack>
    </Stack>
  )
}
