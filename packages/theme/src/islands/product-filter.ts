/** Product filter island: a changed choice applies at once (the form still works without script). */
export const productFilter = (root: HTMLElement) => {
  if (!(root instanceof HTMLFormElement)) return
  root.querySelector<HTMLElement>('[data-filter-apply]')?.setAttribute('hidden', '')
  root.addEventListener('change', () => {
    // Empty choices stay out of the address: /search?q=tea, not /search?q=tea&category=&price=.
    root.querySelectorAll<HTMLSelectElement>('select').forEach((select) => (select.disabled = select.value === ''))
    root.submit()
  })
}
