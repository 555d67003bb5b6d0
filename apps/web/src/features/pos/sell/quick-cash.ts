/*
 * The pay dialog's quick-cash buttons (decision 0143): what is due exactly, the next round amounts above it
 * in the notes a customer hands over, and the $100 and $500 notes when they cover what is due. Each is the
 * cash handed over; cents, whole; nothing rounded down.
 */

/** Note values in cents (10, 20, 50, 100, 500, 1,000): the notes of the dollar currencies the shops use. */
export const NOTES = [1_000, 2_000, 5_000, 10_000, 50_000, 100_000] as const
/** Always offered: the notes a counter is handed most. */
export const FIXED_NOTES = [10_000, 50_000] as const
/** Buttons at most, the exact amount first. */
export const MAX_QUICK = 6

/**
 * The amounts to offer for `due` cents, ascending, each once: `due` itself (when anything is due), `due`
 * rounded up to each note value when that is more, and the fixed notes that cover `due`; at most `max`,
 * keeping the exact amount and the smallest.
 */
export const quickCash = (due: number, notes: readonly number[] = NOTES, max = MAX_QUICK): number[] => {
  if (!Number.isInteger(due) || due < 0) return []
  const amounts = new Set<number>()
  if (due > 0) amounts.add(due)
  for (const note of notes) {
    const up = Math.ceil(due / note) * note
    if (up > due) amounts.add(up)
  }
  for (const note of FIXED_NOTES) if (note >= due) amounts.add(note)
  return [...amounts].sort((a, b) => a - b).slice(0, max)
}
