/*
 * Time limits of the browser tests (decision 0127). Every wait is for a state or an event and fails
 * naming it; a limit only bounds how long a hang takes to be reported, so it is sized for a shared
 * 2-core machine at load 16–20, where a step is up to ten times slower than on a quiet one.
 * E2E_TIME_SCALE multiplies them all (2 on a slower machine; below 1 to find what became slow).
 */
const scale = Number(process.env.E2E_TIME_SCALE) || 1
const scaled = (ms: number) => Math.round(ms * scale)

/** One state to arrive (`expect.poll`, a `waitFor`): a screen's change after an action or an event. */
export const STATE_MS = scaled(30_000)

/** One Playwright action or navigation, or a heavy screen's first render (the page editor's canvas). */
export const LOAD_MS = scaled(60_000)

/** The built server answering /api/health after it is spawned (PGlite or PostgreSQL, migrations). */
export const SERVER_START_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || scaled(300_000)

/** One test: longer than any single wait, so a hang is reported by the wait that saw it. */
export const TEST_MS = scaled(300_000)

/** A file's set-up and tear-down: its own server (a fresh database) and browser. */
export const HOOK_MS = SERVER_START_MS + 2 * LOAD_MS
