import { useListT } from '../../lib/i18n/lists'
import { ConfirmDialog } from './confirm-dialog'

/** "Unsaved changes" (decision 0065): asked by a leave guard (`use-leave-guard.ts`) before a dirty form goes. */
export const UnsavedDialog = ({ guard }: { guard: { asking: boolean; answer: (leave: boolean) => void } }) => {
  const { t } = useListT()
  return (
    <ConfirmDialog
      open={guard.asking}
      text={t('editor.unsaved')}
      cancelText={t('editor.stay')}
      confirmText={t('editor.discard')}
      onClose={() => guard.answer(false)}
      onConfirm={() => guard.answer(true)}
      testId="unsaved-dialog"
    />
  )
}
