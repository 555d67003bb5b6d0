import type { LedgerEnv } from '../../domains/stock/stock-ledger'
import type { RecordOptions } from '../../platform/records/record-service'
import { bulkKind } from '../../domains/subsequent/kinds'
import { SubsequentOrderService } from '../../domains/subsequent/subsequent-order-service'

/** Bulk orders (type sell): goods sold to a company customer on credit; stock leaves when delivered (decision 0085). */
export class BulkOrderService extends SubsequentOrderService {
  constructor(options: RecordOptions, env: () => LedgerEnv) {
    super(options, env, bulkKind)
  }
}
