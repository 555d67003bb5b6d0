import { servicePaths } from '@emporia/shared'
import { FieldInput } from '../../components/fields/field-input'
import type { FieldDef, FieldProps } from '../../components/fields/field-types'
import { useMayRead } from './product-link-api'

const select: FieldDef = {
  name: 'subShop',
  label: 'product.subShop',
  type: 'select',
  source: { path: servicePaths.subShops, valueField: 'subShop', textField: 'name', query: { accepted: true } }
}

/**
 * The sub-shop a product belongs to (spec §3.7 subShop): one of the shop's accepted sub-shops, shown
 * only where sub-shops are switched on (useSubShop); the value stays when the switch is off.
 */
export const SubShopInput = (props: FieldProps) =>
  useMayRead(servicePaths.subShops) ? <FieldInput {...props} field={{ ...select, label: props.field.label }} /> : null
