/** CONTRACT STUB (decision 0094): the report part (decision 0099) replaces this: the POS summary (§2.13). */
export const PosSummaryDialog = (_props: { open: boolean; onClose: () => void }) => null
