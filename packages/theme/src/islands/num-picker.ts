/** Quantity island: − and + step the field within its min and max; the field tells listeners it changed. */
export const numPicker = (root: HTMLElement) => {
  const input = root.querySelector<HTMLInputElement>('input')
  if (!input) return
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-step]')
    if (!button) return
    const step = Number(input.step) > 0 ? Number(input.step) : 1
    const min = input.min === '' ? -Infinity : Number(input.min)
    const max = input.max === '' ? Infinity : Number(input.max)
    const now = Number(input.value) || 0
    const next = Math.min(max, Math.max(min, now + Number(button.dataset.step) * step))
    if (next === now) return
    input.value = String(next)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
}
