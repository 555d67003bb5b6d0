/** Menus (`details[data-menu]`): one open at a time; a click outside or Escape closes them. */
export const menus = () => {
  const all = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]'))
  document.addEventListener('click', (event) => {
    const target = event.target as Element
    for (const open of all()) if (!open.contains(target)) open.open = false
  })
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') all().forEach((open) => (open.open = false))
  })
}
