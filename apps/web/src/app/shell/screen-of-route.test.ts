import { expect, it } from 'vitest'
import { screenOfRoute } from './screen-of-route'

it('finds the screen a route belongs to, the deepest that contains it', () => {
  expect(screenOfRoute('discounts')?.area).toBe('discounts')
  expect(screenOfRoute('discounts/edit')?.route).toBe('discounts')
  expect(screenOfRoute('eshop/pages/design')?.route).toBe('eshop/pages')
  expect(screenOfRoute('eshop')?.route).toBe('eshop')
  expect(screenOfRoute('billing')?.page).toBe('billing')
  expect(screenOfRoute('profile')).toBeUndefined()
  expect(screenOfRoute(undefined)).toBeUndefined()
})
