import { chs } from './chs'
import { cht } from './cht'
import { en } from './en'

/**
 * Every interface message in every language, shared server messages included: a lazy chunk, loaded
 * at start for a signed-in user and after the first paint for a visitor (decision 0011).
 */
export const appMessages = { en, cht, chs } as const
