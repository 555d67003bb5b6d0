/** Drawer island: menu buttons open it, the close button, Escape and a click outside close it. */
export const drawer = (root: HTMLElement) => {
  const open = (shown: boolean) => {
    root.classList.toggle('ef-open', shown)
    document.querySelectorAll('[data-drawer-toggle]').forEach((toggle) => toggle.setAttribute('aria-expanded', String(shown)))
    if (shown) root.querySelector<HTMLElement>('a,button')?.focus()
  }
  document.addEventListener('click', (event) => {
    const target = event.target as Element
    if (target.closest('[data-drawer-toggle]')) {
      event.preventDefault()
      open(!root.classList.contains('ef-open'))
    } else if (target.closest('[data-drawer-close]')) {
      event.preventDefault()
      open(false)
    } else if (root.classList.contains('ef-open') && !root.contains(target)) open(false)
  })
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && root.classList.contains('ef-open')) open(false)
  })
}
