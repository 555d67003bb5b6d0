/** The label print fields of spec §3.12, shared with the product list and editor (decision 0184). */
export { LabelChoiceFields } from '../../components/pos-devices/label-print-dialog'
export { defaultLabelChoices, parseCopies, type LabelChoices } from '../../lib/pos-hardware/label-choices'
