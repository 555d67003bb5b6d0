import { useEffect, useSyncExternalStore } from 'react'
import { Typography } from '@mui/material'
import { useListT } from '../../../lib/i18n/lists'

/*
 * Ready offline from a cold start (decision 0140): the till registers the service worker (`/sw.js`, written
 * by the build with every file the till can load) and says when that worker holds this page's own build,
 * so a network cut before the first message, or a reload with no network, still finds every chunk.
 */

export type OfflineReadiness = 'preparing' | 'ready' | 'unavailable'

let readiness: OfflineReadiness = 'preparing'
const listeners = new Set<() => void>()
const set = (next: OfflineReadiness) => {
  if (next === readiness) return
  readiness = next
  listeners.forEach((listener) => listener())
}

/** The page's own entry script, as the worker's list names it (`/assets/index-<hash>.js`). */
const ownEntry = () => {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]')
  return script ? new URL(script.src, location.href).pathname : undefined
}

/** The files the controlling worker precached, asked over a message channel; none without a worker. */
const workerFiles = (worker: ServiceWorker) =>
  new Promise<string[]>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event: MessageEvent<{ files?: string[] }>) => resolve(event.data.files ?? [])
    worker.postMessage({ type: 'version' }, [channel.port2])
  })

/** Whether the worker that answers this page holds this build: the one a reload offline would get. */
export const holdsBuild = (files: readonly string[], entry: string | undefined) =>
  entry !== undefined && files.includes(entry) && files.includes('/index.html')

const check = async () => {
  const worker = navigator.serviceWorker.controller
  // No controller yet: the worker is installing (it takes the page over once everything is cached).
  if (!worker) return
  if (holdsBuild(await workerFiles(worker), ownEntry())) set('ready')
}

let started = false
/** Registers the till's worker once per page; the dev server has no worker (and no built files). */
export const startOfflineReadiness = () => {
  if (started) return
  started = true
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return set('unavailable')
  const container = navigator.serviceWorker
  container.addEventListener('controllerchange', () => void check())
  void container
    .register('/sw.js')
    // A worker of another build answers until this build's takes over (controllerchange checks again).
    .then(check)
    .catch(() => set('unavailable'))
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useOfflineReadiness = () => {
  useEffect(startOfflineReadiness, [])
  return useSyncExternalStore(subscribe, () => readiness)
}

/** The till header's "Ready offline" (test id `pos-offline-ready`, `data-state` the readiness). */
export const OfflineReadyIndicator = () => {
  const { t } = useListT()
  const state = useOfflineReadiness()
  return (
    <Typography
      data-testid="pos-offline-ready"
      data-state={state}
      variant="body2"
      color={state === 'ready' ? 'success.main' : 'text.secondary'}
    >
      {t(`posOffline.ready.${state}`)}
    </Typography>
  )
}
