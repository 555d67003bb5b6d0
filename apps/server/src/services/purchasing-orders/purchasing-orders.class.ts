import type { LedgerEnv } from '../../domains/stock/stock-ledger'
import type { RecordOptions } from '../../platform/records/record-service'
import { purchasingKind } from '../../domains/subsequent/kinds'
import { SubsequentOrderService } from '../../domains/subsequent/subsequent-order-service'

/** Purchasing orders (type buy): goods bought from a supplier on credit; stock arrives when received (decision 0085). */
export class PurchasingOrderService extends SubsequentOrderService {
  constructor(options: RecordOptions, env: () => LedgerEnv) {
    super(options, env, purchasingKind)
  }
}
