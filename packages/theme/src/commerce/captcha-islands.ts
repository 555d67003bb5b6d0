// The captcha widget in a storefront form (decision 0201): hCaptcha's own script, from the address the
// server put on the page (its CSP allows exactly that origin), drawn explicitly into `[data-captcha]`.

interface CaptchaApi {
  render(container: HTMLElement, options: { sitekey: string; hl?: string }): string
  getResponse(id?: string): string
  reset(id?: string): void
}

const READY = 'emporiaCaptchaReady'
let loading: Promise<CaptchaApi | undefined> | undefined

/** The script once per page, however many forms ask; undefined when it cannot load. */
const loadApi = (src: string) =>
  (loading ??= new Promise((resolve) => {
    const scope = window as unknown as Record<string, unknown>
    scope[READY] = () => resolve(scope.hcaptcha as CaptchaApi | undefined)
    const script = document.createElement('script')
    script.src = `${src}${src.includes('?') ? '&' : '?'}render=explicit&onload=${READY}`
    script.async = true
    script.onerror = () => resolve(undefined)
    document.head.append(script)
  }))

/** The form's widget: its token for the next call, and a fresh widget after each (a token is good once). */
export const captchaOf = (scope: HTMLElement) => {
  const spot = scope.querySelector<HTMLElement>('[data-captcha]')
  const { captchaKey, captchaScript, captchaLang } = spot?.dataset ?? {}
  if (!spot || !captchaKey || !captchaScript) return { token: () => ({}), reset: () => undefined }
  let id: string | undefined
  let api: CaptchaApi | undefined
  void loadApi(captchaScript).then((loaded) => {
    api = loaded
    if (loaded) id = loaded.render(spot, { sitekey: captchaKey, ...(captchaLang ? { hl: captchaLang } : {}) })
  })
  return {
    /** The body's field: empty until solved, and the server then says so on the widget's spot. */
    token: (): { captchaToken?: string } => ({ captchaToken: api?.getResponse(id) ?? '' }),
    reset: () => api?.reset(id)
  }
}
