import type { LocaleId } from '@emporia/shared'
import { commerceText } from './commerce-messages'

/**
 * Where the card provider's script mounts its card field (checkout, and an unpaid card order's page):
 * the label, a loading note until the script has run, and the spot for the provider's refusal.
 */
export const CardField = ({ locale }: { locale: LocaleId }) => (
  <div className="ef-card" data-card>
    <span className="ef-card__label">{commerceText('checkout.cardNumber', locale)}</span>
    <div className="ef-card__field" data-card-element>
      <span className="ef-note">{commerceText('checkout.cardLoading', locale)}</span>
    </div>
    <span className="ef-error" data-card-error role="alert" />
  </div>
)
