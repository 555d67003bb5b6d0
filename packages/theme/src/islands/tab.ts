/** Tab island: a click or the arrow keys choose a tab; only its panel shows. */
export const tab = (root: HTMLElement) => {
  const tabs = Array.from(root.querySelectorAll<HTMLElement>(':scope > .ef-tabs__list > [role=tab]'))
  const choose = (index: number, focus = false) => {
    tabs.forEach((one, at) => {
      const chosen = at === index
      one.setAttribute('aria-selected', String(chosen))
      one.tabIndex = chosen ? 0 : -1
      const panel = document.getElementById(one.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = !chosen
    })
    if (focus) tabs[index]?.focus()
  }
  tabs.forEach((one, index) => {
    one.addEventListener('click', () => choose(index))
    one.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step) choose((index + step + tabs.length) % tabs.length, true)
    })
  })
}
