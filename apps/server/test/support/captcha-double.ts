import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export const CAPTCHA_DOUBLE_SITE_KEY = '10000000-ffff-ffff-ffff-000000000001'
export const CAPTCHA_DOUBLE_SECRET = '0x0000000000000000000000000000000000000001'

/**
 * The widget as hCaptcha's `api.js` offers it (explicit render, the `onload` callback the page names), drawn as
 * one button: pressing it "solves" the captcha with a fresh single-use token, as a person passing the check.
 */
const WIDGET = `(() => {
  const src = document.currentScript && document.currentScript.src;
  const onload = src ? new URL(src).searchParams.get('onload') : null;
  const widgets = [];
  const draw = (w) => {
    w.container.replaceChildren();
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('data-testid', 'captcha-double');
    button.setAttribute('data-sitekey', w.sitekey);
    button.textContent = w.token ? 'OK' : 'I am human';
    button.onclick = () => {
      w.token = 'pass-' + Math.random().toString(36).slice(2);
      button.textContent = 'OK';
      button.setAttribute('data-solved', 'true');
      if (typeof w.callback === 'function') w.callback(w.token);
    };
    w.container.append(button);
  };
  const of = (id) => widgets[id === undefined ? 0 : Number(id)];
  window.hcaptcha = {
    render(container, options) {
      const target = typeof container === 'string' ? document.getElementById(container) : container;
      const w = { container: target, sitekey: options.sitekey, callback: options.callback, token: '' };
      widgets.push(w);
      draw(w);
      return String(widgets.length - 1);
    },
    getResponse: (id) => (of(id) ? of(id).token : ''),
    getRespKey: () => '',
    reset(id) { const w = of(id); if (w) { w.token = ''; draw(w); } },
    remove(id) { const w = of(id); if (w) w.container.replaceChildren(); },
    execute() {},
    setData() {},
    close() {}
  };
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`

export interface CaptchaDouble {
  url: string
  verifyUrl: string
  scriptUrl: string
  /** Every siteverify request, as the form it carried. */
  checks: Record<string, string>[]
  close(): Promise<void>
}

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => resolve(text))
  })

/**
 * hCaptcha's siteverify and widget script on a local port: a `pass-…` token with the right secret and site key
 * passes once, a second use or any other token fails, as hCaptcha answers them.
 */
export const startCaptchaDouble = async (): Promise<CaptchaDouble> => {
  const spent = new Set<string>()
  const checks: Record<string, string>[] = []
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double')
      if (request.method === 'GET' && url.pathname === '/1/api.js') {
        // The page loads it with crossorigin="anonymous".
        response.writeHead(200, { 'Content-Type': 'application/javascript', 'Access-Control-Allow-Origin': '*' })
        response.end(WIDGET)
        return
      }
      if (request.method === 'POST' && url.pathname === '/siteverify') {
        const form = Object.fromEntries(new URLSearchParams(await body(request)))
        checks.push(form)
        const fresh = /^pass-/.test(form.response ?? '') && !spent.has(form.response)
        const known = form.secret === CAPTCHA_DOUBLE_SECRET && form.sitekey === CAPTCHA_DOUBLE_SITE_KEY
        if (fresh) spent.add(form.response)
        const errors = !known ? ['invalid-input-secret'] : fresh ? [] : ['invalid-or-already-seen-response']
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ success: known && fresh, ...(errors.length ? { 'error-codes': errors } : {}) }))
        return
      }
      response.writeHead(404).end()
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    verifyUrl: `${url}/siteverify`,
    scriptUrl: `${url}/1/api.js`,
    checks,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** The environment a server with the double as its captcha starts with (decision 0201). */
export const captchaDoubleEnv = (double: CaptchaDouble) => ({
  CAPTCHA_SITE_KEY: CAPTCHA_DOUBLE_SITE_KEY,
  CAPTCHA_SECRET: CAPTCHA_DOUBLE_SECRET,
  CAPTCHA_VERIFY_URL: double.verifyUrl,
  CAPTCHA_SCRIPT_URL: double.scriptUrl
})

/** A token the double takes once, as the widget hands it after a person solved it. */
export const passToken = () => `pass-${Math.random().toString(36).slice(2)}`
