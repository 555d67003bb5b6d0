// A product page's comment form (decision 0193): sent as JSON to `{base}/_commerce/comments`; a
// signed-out visitor is pointed to the account page, a refusal lands on its field. Plain DOM.
import { registerIsland } from '../islands/index'

interface Refusal {
  message?: string
  data?: { field?: string }
}

const productComment = (root: HTMLElement) => {
  const form = root as HTMLFormElement
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Record<string, string>
  const base = root.dataset.base ?? ''
  const error = form.querySelector<HTMLElement>('[data-comment-error]')
  const sent = form.querySelector<HTMLElement>('[data-comment-sent]')
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button?.disabled) return
    if (button) button.disabled = true
    form.querySelectorAll('.ef-error').forEach((node) => (node.textContent = ''))
    if (sent) sent.hidden = true
    const text = (form.elements.namedItem('text') as HTMLTextAreaElement).value
    const rating = (form.elements.namedItem('rating') as HTMLSelectElement).value
    void fetch(`${base}/_commerce/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ product: root.dataset.product, text, ...(rating ? { rating: Number(rating) } : {}) })
    })
      .then(async (response) => {
        if (response.ok) {
          form.reset()
          if (sent) {
            sent.textContent = texts['comments.sent'] ?? ''
            sent.hidden = false
          }
          return
        }
        const refusal = (await response.json().catch(() => ({}))) as Refusal
        const message = response.status === 401 ? texts['comments.signIn'] : (refusal.message ?? texts['comments.failed'])
        const spot = (refusal.data?.field && form.querySelector(`[data-error-for="${refusal.data.field}"]`)) || error
        if (spot) spot.textContent = message ?? ''
      })
      .catch(() => {
        if (error) error.textContent = texts['comments.failed'] ?? ''
      })
      .finally(() => {
        if (button) button.disabled = false
      })
  })
}

registerIsland('productComment', productComment)
