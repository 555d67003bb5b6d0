import { describe, expect, it } from 'vitest'
import { containsRecord, removeRecord, replaceRecord } from './realtime-cache'

const a = { _id: 'a'.repeat(24), name: 'A' }
const b = { _id: 'b'.repeat(24), name: 'B' }
const page = { total: 2, limit: 10, skip: 0, data: [a, b] }

describe('replaceRecord', () => {
  it('replaces the matching record in a page and keeps the page fields', () => {
    const next = replaceRecord(page, { ...b, name: 'B2' })
    expect(next).toEqual({ total: 2, limit: 10, skip: 0, data: [a, { ...b, name: 'B2' }] })
    expect(page.data[1].name).toBe('B')
    expect(next.data[0]).toBe(a)
  })

  it('replaces in a plain array', () => {
    expect(replaceRecord([a, b], { ...a, name: 'A2' })).toEqual([{ ...a, name: 'A2' }, b])
  })

  it('returns the same reference when the record is not cached or the result is not a list', () => {
    const other = { _id: 'c'.repeat(24) }
    expect(replaceRecord(page, other)).toBe(page)
    const health = { status: 'ok' }
    expect(replaceRecord(health, other)).toBe(health)
  })
})

describe('removeRecord', () => {
  it('removes from a page and lowers the total', () => {
    expect(removeRecord(page, a._id)).toEqual({ total: 1, limit: 10, skip: 0, data: [b] })
  })

  it('keeps a cursor-mode total of -1', () => {
    expect(removeRecord({ ...page, total: -1 }, a._id).total).toBe(-1)
  })

  it('removes from an array and leaves unrelated results alone', () => {
    expect(removeRecord([a, b], b._id)).toEqual([a])
    expect(removeRecord(page, 'f'.repeat(24))).toBe(page)
  })
})

describe('containsRecord', () => {
  it('finds records in pages and arrays only', () => {
    expect(containsRecord(page, a._id)).toBe(true)
    expect(containsRecord([b], a._id)).toBe(false)
    expect(containsRecord(a, a._id)).toBe(false)
  })
})
