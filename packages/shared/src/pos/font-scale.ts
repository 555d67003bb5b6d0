/**
 * POS font scale (spec §9.7): percent = 100 − |s|/d × 80 when s < 0, else 100 + 10 × s, where d is 20
 * for the till and 40 for the customer screen (remoteFontScale).
 */
const percent = (scale: number, divisor: number) => (scale < 0 ? 100 - (Math.abs(scale) / divisor) * 80 : 100 + 10 * scale)
export const fontScalePercent = (scale = 0) => percent(scale, 20)
export const remoteFontScalePercent = (scale = 0) => percent(scale, 40)
