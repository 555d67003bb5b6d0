import { describe, expect, it } from 'vitest'
import { ageingCsv } from './ageing-csv'

describe('the ageing CSV', () => {
  it('writes a row per company and the totals, amounts as decimals, names quoted when needed', () => {
    const zero = { notDue: 0, days0to30: 0, days31to60: 0, days61to90: 0, days90plus: 0 }
    const csv = ageingCsv(
      {
        shop: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        type: 'sell',
        asOf: '2026-11-25',
        rows: [
          {
            user: 'a',
            name: 'Acme, Ltd',
            orders: 2,
            earliestDueDate: null,
            ...zero,
            notDue: 4400,
            days31to60: 1050,
            total: 5450
          },
          { user: 'b', name: 'Blue', orders: 1, earliestDueDate: null, ...zero, days90plus: 100, total: 100 }
        ],
        totals: { ...zero, notDue: 4400, days31to60: 1050, days90plus: 100, total: 5550 }
      },
      { company: 'Company', orders: 'Orders', buckets: ['N', 'A', 'B', 'C', 'D'], total: 'Total', totals: 'Totals' }
    )
    expect(csv.split('\r\n')).toEqual([
      'Company,Orders,N,A,B,C,D,Total',
      '"Acme, Ltd",2,44.00,0.00,10.50,0.00,0.00,54.50',
      'Blue,1,0.00,0.00,0.00,0.00,1.00,1.00',
      'Totals,3,44.00,0.00,10.50,0.00,1.00,55.50',
      ''
    ])
  })
})
