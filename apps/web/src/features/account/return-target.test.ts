import { describe, expect, it } from 'vitest'
import { safeReturn, withReturn } from './return-target'

describe('the return target after sign-in (decision 0134)', () => {
  it('keeps only paths of this app', () => {
    expect(safeReturn('/invitations')).toBe('/invitations')
    expect(safeReturn('//evil.example/x')).toBe('/dashboard')
    expect(safeReturn('https://evil.example')).toBe('/dashboard')
    expect(safeReturn(undefined)).toBe('/dashboard')
  })

  it('carries a target on to register and verify, and adds nothing without one', () => {
    expect(withReturn('/register', '/invitations')).toBe('/register?redirect=%2Finvitations')
    expect(withReturn('/register/verify', '//evil.example')).toBe('/register/verify')
    expect(withReturn('/login', undefined)).toBe('/login')
  })
})
