import { describe, expect, it } from 'vitest'
import { refusalOf, unplaced } from './refusal'

const known: Record<string, string> = { 'refund.confirmMismatch': 'The order ID does not match', 'format.required': 'Required' }
const translate = (key: string) => known[key]

describe('a refusal on the order dialogs', () => {
  it('puts a rule refusal under its field in the interface language', () => {
    const error = { message: 'Type the order ID', data: { key: 'refund.confirmMismatch', field: 'confirm' } }
    const refusal = refusalOf(error, translate, 'Type the order ID')
    expect(refusal.fields).toEqual({ confirm: 'The order ID does not match' })
    expect(unplaced(refusal, ['confirm', 'amount'])).toBeUndefined()
    expect(unplaced(refusal, ['amount'])).toBe('Type the order ID')
  })

  it('takes every validation entry, the server text for a key the client lacks, the first per field', () => {
    const error = {
      errors: [
        { field: 'lines.0.quantity', key: 'refund.overQuantity', message: 'More than was sold' },
        { field: 'amount', key: 'format.required' },
        { field: 'amount', key: 'format.integer' },
        { key: 'format.required' }
      ]
    }
    expect(refusalOf(error, translate, 'Bad request').fields).toEqual({
      'lines.0.quantity': 'More than was sold',
      amount: 'Required'
    })
  })

  it('has no fields for an error that names none, so the dialog shows its text', () => {
    const refusal = refusalOf(new Error('offline'), translate, 'offline')
    expect(refusal.fields).toEqual({})
    expect(unplaced(refusal, ['amount'])).toBe('offline')
    expect(unplaced(undefined, ['amount'])).toBeUndefined()
  })
})
