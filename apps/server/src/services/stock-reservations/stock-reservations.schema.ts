import { stockReservationSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

export const stockReservationModel = modelFromSchema('stockReservations', stockReservationSchema)
/** What a client says when it reserves; quantity and status then change only through commit/release. */
export const RESERVATION_FIELDS = ['warehouse', 'product', 'sku', 'quantity', 'expiresAt', 'source', 'status'] as const
