import { describe, expect, it } from 'vitest'
import { fitColumns } from './column-fit'

describe('fitColumns', () => {
  it('gives every column what its longest value needs when there is room', () => {
    expect(
      fitColumns(1000, [
        { min: 60, natural: 300 },
        { min: 60, natural: 120 }
      ])
    ).toEqual([300, 120])
  })

  it('shares a short budget evenly, never cutting a column that needs less than its share', () => {
    // 400 px for a 700 px name and a 90 px category: the category stays whole, the name takes the rest.
    expect(
      fitColumns(400, [
        { min: 60, natural: 700 },
        { min: 60, natural: 90 }
      ])
    ).toEqual([310, 90])
    expect(
      fitColumns(300, [
        { min: 60, natural: 700 },
        { min: 60, natural: 500 }
      ])
    ).toEqual([150, 150])
  })

  it('never goes below a column’s minimum (its header), even when that overflows', () => {
    expect(
      fitColumns(100, [
        { min: 80, natural: 700 },
        { min: 70, natural: 500 }
      ])
    ).toEqual([80, 70])
  })

  it('never gives more than the value needs, even below the minimum', () => {
    expect(fitColumns(100, [{ min: 80, natural: 30 }])).toEqual([30])
  })
})
