import { lazy, Suspense, useState } from 'react'
import { Button, Typography } from '@mui/material'
import PrintIcon from '@mui/icons-material/PrintOutlined'
import type { FieldProps } from '../fields/field-types'
import { useListT } from '../../lib/i18n/lists'

/*
 * The ways into label printing (decision 0184) from the product list and editor. The dialog and the
 * printer code behind it load when it first opens, not with the list or the editor.
 */

const Dialog = lazy(() => import('./label-print-dialog').then((module) => ({ default: module.LabelPrintDialog })))

/** The label print dialog of the products `ids`, loaded on first use. */
export const LabelPrintDialogLazy = (props: { ids: string[]; onClose: () => void }) => (
  <Suspense fallback={null}>
    <Dialog {...props} />
  </Suspense>
)

/** The product editor's "Print labels": the saved product's labels (a new product has none to print yet). */
export const LabelPrintField = ({ record, testId }: FieldProps) => {
  const { t } = useListT()
  const [open, setOpen] = useState(false)
  const id = record?._id ? String(record._id) : undefined
  if (!id)
    return (
      <Typography color="text.secondary" data-testid={testId}>
        {t('labelPrint.saveFirst')}
      </Typography>
    )
  return (
    <>
      <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('labelPrint.action')}
      </Button>
      {open && <LabelPrintDialogLazy ids={[id]} onClose={() => setOpen(false)} />}
    </>
  )
}
