// Merchants read these texts: they never speak of the project's work items or of how the app is built.
const INTERNAL = [/\bissues?\b/i, /not built/i, /placeholder/i, /\bTODO\b/, /第\s*\d+\s*[項项]工作/, /之[後后]的工作/]

/** The entries of a message bundle that speak of internals (the tests refuse them). */
export const internalWording = (messages: Record<string, string>) =>
  Object.entries(messages).filter(([, text]) => INTERNAL.some((pattern) => pattern.test(text)))
