/** The POS screen (spec §2.13); built by issue 16 (decision 0094). */
export const PosPage = () => <div data-testid="pos-page" />
