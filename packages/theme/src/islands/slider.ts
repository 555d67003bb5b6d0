/** Slider island: arrows, dots and autoplay over the scroll-snapping track the server drew. */
export const slider = (root: HTMLElement) => {
  const track = root.querySelector<HTMLElement>('.ef-slider__track')
  if (!track || track.children.length < 2) return
  const count = track.children.length
  const dots = Array.from(root.querySelectorAll<HTMLElement>('.ef-slider__dots [data-slide]'))
  const shown = () => Math.round(track.scrollLeft / Math.max(1, track.clientWidth))
  // The slide asked for, not the one the scroll is passing: a click during a smooth scroll counts from it.
  let index = shown()
  const current = () => index
  const go = (wanted: number) => {
    index = ((wanted % count) + count) % count
    track.scrollTo({ left: index * track.clientWidth })
    mark(index)
  }
  const mark = (index: number) => dots.forEach((dot, at) => dot.setAttribute('aria-current', String(at === index)))
  let timer: ReturnType<typeof setInterval> | undefined
  const seconds = Number(root.dataset.autoplay)
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
  const stop = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  const start = () => {
    stop()
    if (seconds > 0 && !reduced)
      timer = setInterval(() => document.visibilityState === 'visible' && go(current() + 1), seconds * 1000)
  }
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-slide]')
    if (!button || !root.contains(button)) return
    const wanted = button.dataset.slide
    go(wanted === 'prev' ? current() - 1 : wanted === 'next' ? current() + 1 : Number(wanted))
    start()
  })
  let settle: ReturnType<typeof setTimeout> | undefined
  track.addEventListener(
    'scroll',
    () => {
      clearTimeout(settle)
      // A swipe ends where the visitor left it: that slide is the current one.
      settle = setTimeout(() => mark((index = shown())), 120)
    },
    { passive: true }
  )
  // A visitor reading or choosing a slide is not interrupted.
  root.addEventListener('pointerenter', stop)
  root.addEventListener('pointerleave', start)
  root.addEventListener('focusin', stop)
  root.addEventListener('focusout', start)
  start()
}
