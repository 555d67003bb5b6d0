import { Button, Link } from '@mui/material'
import ReceiptLong from '@mui/icons-material/ReceiptLong'
import type { FieldProps } from '../../components/fields/field-types'
import { AppLink } from '../../components/ui/app-link'
import { useListT } from '../../lib/i18n/lists'

/** The statement's route (invoice layout; app/router/route-paths.ts lists it). */
export const statementPath = (id: string) => `/companyUsers/statement/${id}`

/** The editor's way to the company's printable statement, once the company exists. */
export const StatementLink = ({ record }: FieldProps) => {
  const { t } = useListT()
  if (!record?._id) return null
  return (
    <Button
      component={AppLink}
      href={statementPath(record._id)}
      target="_blank"
      startIcon={<ReceiptLong />}
      variant="outlined"
      data-testid="company-statement"
    >
      {t('companyUser.statement')}
    </Button>
  )
}

/** The list row's link to the statement; pressing it neither selects the row nor opens its editor. */
export const StatementCell = ({ id }: { id: string }) => {
  const { t } = useListT()
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation()
  return (
    <Link
      component={AppLink}
      href={statementPath(id)}
      target="_blank"
      onClick={stop}
      onPointerDown={stop}
      onPointerUp={stop}
      data-testid="row-statement"
    >
      {t('companyUser.statement')}
    </Link>
  )
}
