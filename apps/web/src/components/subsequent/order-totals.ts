import dayjs from 'dayjs'
import { servicePaths, subsequentTotals, type ListServicePath } from '@emporia/shared'
import type { Values } from '../../lib/form-values'
import type { Row } from '../../lib/resource-client'
import { centsOf, quantityOf } from './order-values'
import { useOpenDueDates, useRecord } from './subsequent-api'

/**
 * The live figures of the order being edited (spec §3.11), by the shared rule the server stores them
 * with: the form's lines and payments as typed, the chosen company's credit, its other open due dates.
 */
export const useOrderTotals = (orderPath: ListServicePath, values: Values, record: Row | undefined) => {
  const company = useRecord(servicePaths.companyUsers, values.user)
  const others = useOpenDueDates(orderPath, values.user, record?._id)
  const lines = (Array.isArray(values.products) ? values.products : []) as Values[]
  const payments = (Array.isArray(values.payments) ? values.payments : []) as Values[]
  const date = typeof values.date === 'string' && values.date ? dayjs(values.date).toISOString() : undefined
  const totals = subsequentTotals(
    {
      date,
      products: lines.map((line) => ({ price: centsOf(line.price), quantity: quantityOf(line.quantity) })),
      payments: payments.map((payment) => ({ paymentAmount: centsOf(payment.paymentAmount) }))
    },
    company.data ?? null,
    {
      saved: record ? { shortage: typeof record.shortage === 'number' ? record.shortage : 0 } : null,
      sameCompany: record?.user === values.user,
      otherDueDates: others.data ?? []
    }
  )
  return { totals, company: company.data, loading: company.isLoading }
}
