/** What the storefront's commerce tests share: a call's refusal, and fresh retry keys for checkouts. */

type Body = Record<string, unknown>

/** The error a call was refused with; a call that succeeds fails the test. */
export const refusal = async (run: Promise<unknown>) => {
  try {
    await run
  } catch (error) {
    return error as { code: number; message: string; data?: { key?: string; field?: string; values?: Body } }
  }
  throw new Error('expected a refusal')
}

/** Retry keys unique within a run (the checkout refuses keys shorter than 16 characters). */
export const keyMaker = (prefix: string) => {
  let keys = 0
  return () => `${prefix}-${Date.now()}-${keys++}-abcdefgh`
}
