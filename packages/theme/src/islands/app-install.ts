// The installed app (decision 0202): on pages whose head names the shop's manifest, the service worker is
// registered, the browser's install offer becomes an "Install the app" button, and a signed-in customer's
// account page offers order notices (Web Push, decision 0203) with their consent.

const TEXTS = {
  install: { en: 'Install the app', 'zh-Hant': '安裝應用程式', 'zh-Hans': '安装应用程序' },
  notify: { en: 'Notify me when my orders change', 'zh-Hant': '訂單狀態更新時通知我', 'zh-Hans': '订单状态更新时通知我' },
  notifying: { en: 'Order notices are on', 'zh-Hant': '已開啟訂單通知', 'zh-Hans': '已开启订单通知' }
} as const

const say = (key: keyof typeof TEXTS) => {
  const lang = document.documentElement.lang
  const texts = TEXTS[key] as Record<string, string>
  return (
    texts[lang] ?? texts[lang.startsWith('zh-Hans') || lang === 'zh-CN' ? 'zh-Hans' : lang.startsWith('zh') ? 'zh-Hant' : 'en']
  )
}

interface InstallPrompt extends Event {
  prompt(): Promise<void>
}

const button = (text: string, testId: string) => {
  const element = document.createElement('button')
  element.type = 'button'
  element.className = 'ef-btn ef-btn--contained'
  element.textContent = text
  element.dataset.testid = testId
  return element
}

/** The VAPID public key (base64url) as the bytes `subscribe` takes. */
const keyBytes = (key: string) => {
  const text = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4))
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

const offerNotices = (scope: string, registration: ServiceWorkerRegistration) => {
  const hello = document.querySelector('.ef-account-hello')
  if (!hello || !('PushManager' in window) || !('Notification' in window)) return
  const base = scope.replace(/\/$/, '')
  const ask = button(say('notify'), 'app-push')
  ask.addEventListener('click', async () => {
    ask.disabled = true
    try {
      if ((await Notification.requestPermission()) !== 'granted') return
      const key = (await (await fetch(`${base}/_commerce/push/key`)).json()) as { publicKey: string }
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.publicKey)
      })
      const answer = await fetch(`${base}/_commerce/push/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ subscription: subscription.toJSON() })
      })
      if (answer.ok) ask.textContent = say('notifying')
    } catch {
      // No push service reachable, or the browser refused: the button stays for another try.
    } finally {
      ask.disabled = ask.textContent === say('notifying')
    }
  })
  hello.after(ask)
}

export const appInstall = () => {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"][data-worker]')
  if (!link || !('serviceWorker' in navigator)) return
  const scope = link.dataset.scope ?? '/'
  navigator.serviceWorker
    .register(link.dataset.worker ?? '', { scope })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => offerNotices(scope, registration))
    .catch(() => undefined)
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    if (document.querySelector('[data-testid="app-install"]')) return
    const offer = button(say('install'), 'app-install')
    offer.classList.add('ef-app-install')
    offer.style.cssText = 'position:fixed;bottom:16px;right:16px;z-index:50'
    offer.addEventListener('click', () => {
      offer.remove()
      void (event as InstallPrompt).prompt()
    })
    document.body.append(offer)
  })
}
