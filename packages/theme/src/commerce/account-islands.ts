// The account island (decision 0114): sign-in by mailed code, the customer's details and addresses,
// each form sent as JSON to `{base}/_commerce/account…`; refusals land on their fields. Plain DOM.
import { registerIsland } from '../islands/index'
import { captchaOf } from './captcha-islands'
import { installedChannel } from './channel-islands'

type Texts = Record<string, string>
interface Refusal {
  message?: string
  data?: { field?: string }
}

const send = async <T>(base: string, method: string, path: string, body: unknown = {}): Promise<T> => {
  const response = await fetch(`${base}/_commerce/account${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body),
    credentials: 'same-origin'
  })
  const answer = (await response.json()) as T & Refusal
  if (!response.ok) throw answer
  return answer
}

const valueOf = (form: HTMLFormElement, name: string) => {
  const field = form.elements.namedItem(name) as HTMLInputElement | null
  return field ? field.value.trim() : ''
}

const clearErrors = (scope: HTMLElement) =>
  scope.querySelectorAll('[data-error-for], [data-account-error]').forEach((node) => (node.textContent = ''))

/** The refusal's message on its field's spot, else the form's general one. */
const showRefusal = (form: HTMLFormElement, refusal: unknown) => {
  const problem = refusal as Refusal
  const field = problem.data?.field ?? ''
  const spot =
    (field && form.querySelector(`[data-error-for="${field}"]`)) ||
    form.querySelector('[data-error-for="address"]') ||
    form.querySelector('[data-account-error]')
  if (spot) spot.textContent = problem.message ?? ''
}

/** Runs one submission with the button held, so a double click sends once. */
const busy = async (form: HTMLFormElement, run: () => Promise<void>) => {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button?.disabled) return
  if (button) button.disabled = true
  clearErrors(form)
  try {
    await run()
  } catch (refusal) {
    showRefusal(form, refusal)
  } finally {
    if (button) button.disabled = false
  }
}

/** E-mail, then the code, then (a new address) the name: each step shows the next part of the form. */
const signInForm = (base: string, texts: Texts, form: HTMLFormElement) => {
  const codeStep = form.querySelector<HTMLElement>('[data-code-step]')
  const registerStep = form.querySelector<HTMLElement>('[data-register-step]')
  const button = form.querySelector<HTMLButtonElement>('[data-account-submit]')
  const captcha = captchaOf(form)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void busy(form, async () => {
      const email = valueOf(form, 'email')
      if (codeStep?.hidden) {
        // A widget's token is good for one call: the next send solves a fresh one.
        await send(base, 'POST', '/code', { email, ...captcha.token() }).finally(captcha.reset)
        codeStep.hidden = false
        if (button) button.textContent = texts['account.signIn']
        form.querySelector<HTMLInputElement>('input[name="code"]')?.focus()
        return
      }
      const registering = registerStep && !registerStep.hidden
      const answer = await send<{ register?: boolean }>(base, 'POST', '/sign-in', {
        email,
        code: valueOf(form, 'code'),
        ...installedChannel(),
        ...(registering
          ? { firstName: valueOf(form, 'firstName'), lastName: valueOf(form, 'lastName'), phone: valueOf(form, 'phone') }
          : {})
      })
      if (answer.register && registerStep) {
        registerStep.hidden = false
        form.querySelector<HTMLInputElement>('input[name="firstName"]')?.focus()
        return
      }
      location.reload()
    })
  })
  // Another address starts again from its code.
  form.querySelector('input[name="email"]')?.addEventListener('change', () => {
    if (codeStep) codeStep.hidden = true
    if (registerStep) registerStep.hidden = true
    if (button) button.textContent = texts['account.sendCode']
  })
}

/** Name, phone, e-mail: a new e-mail first gets a code, which the second save sends with it. */
const profileForm = (base: string, texts: Texts, form: HTMLFormElement) => {
  const codeStep = form.querySelector<HTMLElement>('[data-code-step]')
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void busy(form, async () => {
      const email = valueOf(form, 'email')
      if (email.toLowerCase() !== (form.dataset.email ?? '') && codeStep?.hidden) {
        await send(base, 'POST', '/code', { email })
        codeStep.hidden = false
        return
      }
      await send(base, 'PATCH', '', {
        firstName: valueOf(form, 'firstName'),
        lastName: valueOf(form, 'lastName'),
        phone: valueOf(form, 'phone'),
        email,
        ...(codeStep && !codeStep.hidden ? { code: valueOf(form, 'code') } : {})
      })
      const saved = form.querySelector('[data-account-saved]')
      if (saved) saved.textContent = texts['account.saved']
      location.reload()
    })
  })
}

const ADDRESS_FIELDS = ['label', 'firstName', 'lastName', 'company', 'apt', 'city', 'country', 'phone']

const addressForm = (base: string, form: HTMLFormElement) => {
  const index = form.dataset.addressForm ?? 'new'
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void busy(form, async () => {
      const address: Record<string, unknown> = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, valueOf(form, name)]))
      address.default = (form.elements.namedItem('default') as HTMLInputElement | null)?.checked === true
      if (index === 'new') await send(base, 'POST', '/addresses', { address })
      else await send(base, 'PUT', `/addresses/${index}`, { address })
      location.reload()
    })
  })
}

const account = (root: HTMLElement) => {
  const base = root.dataset.base ?? ''
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts
  const signIn = root.querySelector<HTMLFormElement>('[data-account-signin]')
  if (signIn) signInForm(base, texts, signIn)
  const profile = root.querySelector<HTMLFormElement>('[data-account-profile]')
  if (profile) profileForm(base, texts, profile)
  root.querySelectorAll<HTMLFormElement>('[data-address-form]').forEach((form) => addressForm(base, form))
  root.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>(
      '[data-account-signout], [data-address-remove], [data-address-default]'
    )
    if (!target) return
    const call = target.hasAttribute('data-account-signout')
      ? send(base, 'POST', '/sign-out')
      : target.dataset.addressRemove !== undefined
        ? send(base, 'DELETE', `/addresses/${target.dataset.addressRemove}`)
        : send(base, 'POST', `/addresses/${target.dataset.addressDefault ?? ''}/default`)
    ;(target as HTMLButtonElement).disabled = true
    call.then(
      () => location.reload(),
      (refusal: Refusal) => {
        ;(target as HTMLButtonElement).disabled = false
        const spot = root.querySelector('[data-account-error]')
        if (spot) spot.textContent = refusal.message ?? ''
      }
    )
  })
}

registerIsland('account', account)
