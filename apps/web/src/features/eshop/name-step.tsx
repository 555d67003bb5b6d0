import { Stack } from '@mui/material'
import { Field } from '../../components/ui/form'
import { useListT } from '../../lib/i18n/lists'

export interface NameValues {
  name: string
  subdomain: string
}

interface NameStepProps {
  values: NameValues
  onChange: (values: NameValues) => void
  /** Messages by field (the form's checks, then the server's). */
  errors: Partial<Record<keyof NameValues, string>>
  shown: boolean
}

/** Step one (spec §2.9): the shop's name and subdomain; the storefront address follows the subdomain. */
export const NameStep = ({ values, onChange, errors, shown }: NameStepProps) => {
  const { t } = useListT()
  const address = `${window.location.origin}/s/${values.subdomain.trim() || '…'}/`
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Field
        label={t('eshop.name')}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
        error={errors.name}
        shown={shown}
        autoFocus
        testId="shop-name"
      />
      <Field
        label={t('eshop.subdomain')}
        value={values.subdomain}
        onChange={(event) => onChange({ ...values, subdomain: event.target.value })}
        error={errors.subdomain}
        shown={shown}
        testId="shop-subdomain"
      />
      <span data-testid="wizard-address" style={{ opacity: 0.7 }}>
        {t('wizard.subdomainHelp', { address })}
      </span>
    </Stack>
  )
}
