import { useSyncExternalStore } from 'react'

/** The app-level message slots of spec §4.5: one error and one success message at a time. */
export interface Notice {
  id: number
  kind: 'error' | 'success'
  text: string
}

let notices: { error?: Notice; success?: Notice } = {}
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

export const notifyError = (text: string) => {
  notices = { ...notices, error: { id: nextId++, kind: 'error', text } }
  emit()
}

export const notifySuccess = (text: string) => {
  notices = { ...notices, success: { id: nextId++, kind: 'success', text } }
  emit()
}

export const dismissNotice = (kind: Notice['kind']) => {
  notices = { ...notices, [kind]: undefined }
  emit()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useNotices = () => useSyncExternalStore(subscribe, () => notices)
