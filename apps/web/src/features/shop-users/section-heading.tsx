import { Typography } from '@mui/material'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'

/** A heading between groups of the customer editor's fields (person, contact, membership, addresses). */
export const SectionHeading = ({ field, testId }: FieldProps) => {
  const { t } = useListT()
  return (
    <Typography
      variant="subtitle2"
      color="text.secondary"
      sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid={testId}
    >
      {t(field.label)}
    </Typography>
  )
}
