// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DelayedProgress } from './delayed-progress'

describe('DelayedProgress (spec §9.3: the 200 ms fetch delay)', () => {
  let host: HTMLElement
  let root: Root
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    vi.useFakeTimers()
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  })
  afterEach(() => {
    act(() => root.unmount())
    host.remove()
    vi.useRealTimers()
  })

  const mount = (loading: boolean) =>
    act(() =>
      root.render(
        loading ? (
          <DelayedProgress>
            <span data-spinner />
          </DelayedProgress>
        ) : (
          <p>ready</p>
        )
      )
    )

  it('draws nothing for a wait answered within 200 ms', () => {
    mount(true)
    act(() => vi.advanceTimersByTime(199))
    expect(host.querySelector('[data-spinner]')).toBeNull()
    mount(false)
    act(() => vi.advanceTimersByTime(1000))
    expect(host.textContent).toBe('ready')
  })

  it('draws its indicator once the wait has lasted 200 ms', () => {
    mount(true)
    act(() => vi.advanceTimersByTime(200))
    expect(host.querySelector('[data-spinner]')).not.toBeNull()
  })
})
