import { errorMessage, type AppErrorShape } from './errors'
import { listT } from './i18n/lists'

/**
 * The message of a refused operation in the interface language: the stock refusal names what is
 * available (409 errors.insufficientStock, decision 0040); anything else as the app shows errors.
 */
export const operationError = (error: unknown): string => {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as AppErrorShape & {
    data?: { available?: number }
  }
  if (shape.data?.key === 'errors.insufficientStock') {
    const available = shape.data.available ?? shape.data.values?.available
    return available === undefined ? listT('stockOp.insufficient') : listT('stockOp.insufficientAvailable', { available })
  }
  return errorMessage(error)
}
