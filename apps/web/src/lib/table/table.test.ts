import { describe, expect, it } from 'vitest'
import {
  cappedPageCount,
  groupedCount,
  pageButtons,
  pageCount,
  pageText,
  pageWindow,
  virtualFetchLimit,
  virtualPageSize
} from './paging'
import { selectionState, toggleOne, toggleSelectAll } from './selection'
import { cycleSort, multiSort, NO_SORT, toFeathersSort } from './sort'
import { readTableState, writeTableState, defaultTableState, TOP_LEVEL_STATE } from './url-state'

describe('selection (spec §4.10)', () => {
  const page = ['a', 'b', 'c']
  const set = (...ids: string[]) => new Set(ids)

  it('takes the five states', () => {
    expect(selectionState(set(), page, 10)).toBe('none')
    expect(selectionState(set('a'), page, 10)).toBe('pageSome')
    expect(selectionState(set('a', 'b', 'c'), page, 10)).toBe('pageAll')
    expect(selectionState(set('x'), page, 10)).toBe('some')
    expect(selectionState(set('a', 'b', 'c'), page, 3)).toBe('all')
  })

  it('select-all adds the page from none, pageSome and some', () => {
    expect([...toggleSelectAll(set(), page, 10)]).toEqual(page)
    expect([...toggleSelectAll(set('a'), page, 10)].sort()).toEqual(page)
    expect([...toggleSelectAll(set('x'), page, 10)].sort()).toEqual(['a', 'b', 'c', 'x'])
  })

  it('select-all removes the page from all and pageAll', () => {
    expect([...toggleSelectAll(set('a', 'b', 'c'), page, 3)]).toEqual([])
    expect([...toggleSelectAll(set('a', 'b', 'c', 'x'), page, 10)]).toEqual(['x'])
  })

  it('toggles one row', () => {
    expect([...toggleOne(set('a'), 'b')]).toEqual(['a', 'b'])
    expect([...toggleOne(set('a'), 'a')]).toEqual([])
  })

  it('never calls an uncounted (cursor) page "all"', () => {
    expect(selectionState(set('a', 'b', 'c'), page, -1)).toBe('pageAll')
  })
})

describe('sort cycling (spec §4.10)', () => {
  it('short press: unsorted → ascending → descending → unsorted', () => {
    const asc = cycleSort(NO_SORT, 'name')
    expect(asc).toEqual({ sortBy: ['name'], sortDesc: [false] })
    const desc = cycleSort(asc, 'name')
    expect(desc).toEqual({ sortBy: ['name'], sortDesc: [true] })
    expect(cycleSort(desc, 'name')).toEqual(NO_SORT)
  })

  it('short press on another column replaces the sort', () => {
    expect(cycleSort({ sortBy: ['name'], sortDesc: [true] }, 'order')).toEqual({ sortBy: ['order'], sortDesc: [false] })
  })

  it('long press: adds ascending, flips to descending, then removes, keeping the others', () => {
    let state = multiSort({ sortBy: ['name'], sortDesc: [false] }, 'order')
    expect(state).toEqual({ sortBy: ['name', 'order'], sortDesc: [false, false] })
    state = multiSort(state, 'order')
    expect(state).toEqual({ sortBy: ['name', 'order'], sortDesc: [false, true] })
    expect(multiSort(state, 'order')).toEqual({ sortBy: ['name'], sortDesc: [false] })
  })

  it('sends $sort with sortField and _id last', () => {
    expect(toFeathersSort({ sortBy: ['name', 'order'], sortDesc: [true, false] }, { name: 'name.en' })).toEqual({
      'name.en': -1,
      order: 1,
      _id: 1
    })
    expect(Object.keys(toFeathersSort(NO_SORT))).toEqual(['_id'])
  })
})

describe('paging (spec §9.4)', () => {
  it('writes "{from}-{to}/{total}", 999 in cursor mode', () => {
    expect(pageText(1, 10, 10, 25)).toBe('1-10/25')
    expect(pageText(3, 10, 5, 25)).toBe('21-25/25')
    expect(pageText(1, 10, 0, 0)).toBe('0-0/0')
    expect(pageText(2, 10, 10, -1)).toBe('11-20/999')
    expect(pageText(1, -1, 25, 25)).toBe('1-25/25')
  })

  it('shows a capped total as "at least", and lets the user page on while pages are full (decision 0101)', () => {
    expect(pageText(1, 20, 20, 1000, `${groupedCount(1000)}+`)).toBe('1-20/1,000+')
    // 1,000 rows fill 50 pages of 20; on page 50, full, page 51 may exist.
    expect(cappedPageCount(1000, 20, 1, 20)).toBe(50)
    expect(cappedPageCount(1000, 20, 50, 20)).toBe(51)
    expect(cappedPageCount(1020, 20, 51, 20)).toBe(52)
    // A page that is not full is the last one.
    expect(cappedPageCount(1000, 20, 51, 7)).toBe(51)
    expect(cappedPageCount(1000, -1, 1, 1000)).toBe(1)
  })

  it('shows at most ten page buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3])
    expect(pageButtons(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(pageButtons(25, 50)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29])
    expect(pageButtons(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50])
    expect(pageCount(0, 10)).toBe(1)
  })

  it('asks for a window, or everything for "all"', () => {
    expect(pageWindow(3, 20)).toEqual({ $limit: 20, $skip: 40 })
    expect(pageWindow(1, -1)).toEqual({ $limit: -1, $skip: 0 })
  })

  it('sizes virtual pages from the view height (41 px rows)', () => {
    expect(virtualPageSize(820)).toBe(20)
    expect(virtualPageSize(50)).toBe(3)
    expect(virtualFetchLimit(820)).toBe(23)
    expect(virtualFetchLimit(100)).toBe(10)
  })
})

describe('table state in the URL (spec §2.12)', () => {
  it('round-trips page, rowsPerPage, sort, filter and editor under its key', () => {
    const state = { page: 3, rowsPerPage: 20, sortBy: ['name'], sortDesc: [true], currentFilter: { name: 'tea' }, editor: 'abc' }
    const search = writeTableState('?other=1', 'list', state)
    expect(new URLSearchParams(search).get('other')).toBe('1')
    expect(readTableState(search, 'list')).toEqual(state)
  })

  it('leaves the key out for the default state and ignores malformed values', () => {
    expect(writeTableState('', 'list', defaultTableState())).toBe('')
    expect(readTableState('?list=%7Bbad', 'list')).toEqual(defaultTableState())
    expect(readTableState(`?list=${encodeURIComponent('{"page":-2,"rowsPerPage":7}')}`, 'list')).toEqual(defaultTableState())
    expect(readTableState(`?list=${encodeURIComponent('{"rowsPerPage":-1}')}`, 'list').rowsPerPage).toBe(-1)
  })

  it('keeps two tables apart by key', () => {
    const search = writeTableState(writeTableState('', 'a', { ...defaultTableState(), page: 2 }), 'b', {
      ...defaultTableState(),
      page: 5
    })
    expect(readTableState(search, 'a').page).toBe(2)
    expect(readTableState(search, 'b').page).toBe(5)
  })
})

describe('nested-array operations (spec §7.8)', async () => {
  const { pullItem, pushItem, setItem } = await import('./nested-ops')
  const target = { subpath: 'list' }
  it('adds with $push, updates with $set "list.$" matched by the item, deletes with $pull', () => {
    expect(pushItem(target, { _id: 'a', n: 1 })).toEqual({ data: { $push: { list: { _id: 'a', n: 1 } } }, query: {} })
    expect(setItem(target, 'a', { n: 2 })).toEqual({
      data: { $set: { 'list.$': { n: 2, _id: 'a' } } },
      query: { 'list._id': 'a' }
    })
    expect(pullItem({ subpath: 'list', itemKey: 'id' }, 'a')).toEqual({ data: { $pull: { list: { id: 'a' } } }, query: {} })
  })
})

describe('virtual windows (spec §9.4)', async () => {
  const { pagesForRange, pagesToDrop } = await import('./virtual-window')
  it('loads the pages covering the rows in view', () => {
    expect(pagesForRange(0, 9, 10)).toEqual([0])
    expect(pagesForRange(15, 31, 10)).toEqual([1, 2, 3])
  })
  it('keeps at most 1000 rows, dropping the pages farthest from view', () => {
    const cached = Array.from({ length: 60 }, (_, i) => i)
    const dropped = pagesToDrop(cached, 59, 20)
    expect(dropped).toHaveLength(10)
    expect(Math.max(...dropped)).toBeLessThan(10)
    expect(pagesToDrop([1, 2], 1, 20)).toEqual([])
  })
})

describe('lookup batches (spec §7.8)', async () => {
  const { lookupBatches } = await import('./lookup-batches')
  it('asks for distinct ids, at most 100 per find', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `id${String(i).padStart(3, '0')}`)
    const batches = lookupBatches([...ids, ...ids, ''])
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50])
    expect(new Set(batches.flat()).size).toBe(250)
  })

  it('keeps each part as its own parameter with the top-level key (the new-order popup link, spec §2.6)', () => {
    const link = `?currentFilter=${encodeURIComponent(JSON.stringify({ _id: 'a'.repeat(24) }))}&lang=cht`
    const state = readTableState(link, TOP_LEVEL_STATE)
    expect(state).toEqual({ ...defaultTableState(), currentFilter: { _id: 'a'.repeat(24) } })
    const next = writeTableState(link, TOP_LEVEL_STATE, { ...state, page: 2, sortBy: ['date'], sortDesc: [true], editor: 'x1' })
    const params = new URLSearchParams(next)
    expect(params.get('lang')).toBe('cht')
    expect(params.get('page')).toBe('2')
    expect(params.get('editor')).toBe('x1')
    expect(JSON.parse(params.get('currentFilter')!)).toEqual({ _id: 'a'.repeat(24) })
    expect(readTableState(next, TOP_LEVEL_STATE)).toEqual({
      ...defaultTableState(),
      page: 2,
      sortBy: ['date'],
      sortDesc: [true],
      currentFilter: { _id: 'a'.repeat(24) },
      editor: 'x1'
    })
    // Back to the default: every part leaves, other parameters stay.
    expect(writeTableState(next, TOP_LEVEL_STATE, defaultTableState())).toBe('?lang=cht')
    expect(readTableState('?page=abc&currentFilter=%7Bbad', TOP_LEVEL_STATE)).toEqual(defaultTableState())
  })
})
