import type { FieldDef, FieldProps } from '../../components/fields/field-types'
import { SelectInput } from '../../components/fields/select-field'
import { useLiveProduct } from './product-api'
import { statusLabels } from './product-labels'

/** The status choice itself: every status shown, `auto_soldOut` never chosen (decision 0040). */
export const statusSelect: FieldDef = {
  name: 'status',
  label: 'product.status',
  type: 'select',
  source: { enumList: statusLabels },
  disabledOptions: ['auto_soldOut']
}

/**
 * The product's status as the editor shows it (decision 0070): while the person has not chosen
 * one, the live status — the one the list and the stock panel show, which the inventory changes as
 * stock moves — rather than the status the editor loaded. A chosen status shows and is sent as is;
 * an untouched one is not sent (prepareProduct), so the form stays unchanged.
 */
export const ProductStatusInput = (props: FieldProps) => {
  const id = typeof props.record?._id === 'string' ? props.record._id : undefined
  const live = useLiveProduct(id).data?.status
  const untouched = props.record !== undefined && props.value === props.record.status
  return <SelectInput {...props} field={statusSelect} value={untouched && live ? live : props.value} />
}
