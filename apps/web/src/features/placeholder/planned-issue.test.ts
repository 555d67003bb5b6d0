import { describe, expect, it } from 'vitest'
import { plannedIssue } from './planned-issue'

describe('plannedIssue', () => {
  it('names the issue that brings a screen when the issue list says', () => {
    expect(plannedIssue('eshop/categories')).toBe('placeholder.issue5')
    expect(plannedIssue('eshop/brands/edit')).toBe('placeholder.issue5')
    expect(plannedIssue('products/edit')).toBe('placeholder.issue6')
    expect(plannedIssue('warehouses/inventoryLots')).toBe('placeholder.issue6')
    expect(plannedIssue('orders')).toBe('placeholder.later')
  })
})
