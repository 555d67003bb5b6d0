import { useSyncExternalStore } from 'react'
import { ConfirmDialog } from '../../../components/editor/confirm-dialog'
import { useListT } from '../../../lib/i18n/lists'

/*
 * The till's age check (shop flag ageRestricted; decision 0178): the server refuses a sale holding an
 * age-restricted product without `ageConfirmed`, and the till then asks the cashier to check the
 * customer's age; a yes sends the same sale again with the confirmation.
 */

let pending: ((confirmed: boolean) => void) | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Asks the cashier; answers true once they confirm the customer is of legal age. */
export const askAge = (): Promise<boolean> =>
  new Promise((resolve) => {
    pending?.(false)
    pending = resolve
    changed()
  })

const answer = (confirmed: boolean) => {
  const done = pending
  pending = null
  changed()
  done?.(confirmed)
}

/** The question, while one is asked. */
export const AgeCheckHost = () => {
  const { t } = useListT()
  const open = useSyncExternalStore(subscribe, () => pending !== null)
  return (
    <ConfirmDialog
      open={open}
      title={t('pos.age.title')}
      text={t('pos.age.text')}
      confirmText={t('pos.age.confirm')}
      cancelText={t('pos.age.cancel')}
      onConfirm={() => answer(true)}
      onClose={() => answer(false)}
      testId="pos-age-check"
    />
  )
}
