import { formatQuantity } from '@emporia/shared'
import { listT, useListT } from '../i18n/lists'

/*
 * A quantity as people read it on every screen (decision 0162): the shared rule with the unit's name in
 * the reader's language — "0.35 斤" for weighed goods, "2" for counted ones.
 */

/** Outside React (a receipt being built): the current language. */
export const quantityText = (quantity: number, unit?: string | null): string =>
  formatQuantity(quantity, unit, (name) => listT(`product.weightUnit.${name}`))

/** In a component: follows the language the screen is shown in. */
export const useQuantityText = () => {
  const { t } = useListT()
  return (quantity: number, unit?: string | null): string =>
    formatQuantity(quantity, unit, (name) => t(`product.weightUnit.${name}`))
}
