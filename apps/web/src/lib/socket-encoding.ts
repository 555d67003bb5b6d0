/*
 * Which encoding the realtime socket asks for (spec §7.1): msgpack on iOS 15 and later, JSON elsewhere.
 * `?msgpack=1` asks for it on any device and `?msgpack=0` never (a support person comparing the two).
 * Pure: the browser's facts are passed in, so the rule is tested without a device.
 */

/** The system's major version on an iPhone, iPad or iPod, or undefined on anything else. */
export const iosMajorVersion = (userAgent: string, maxTouchPoints = 0): number | undefined => {
  // "CPU iPhone OS 15_4 like Mac OS X", "CPU OS 16_0 like Mac OS X" (iPad); in-app browsers keep it.
  const mobile = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)[_.]\d/.exec(userAgent)
  if (mobile) return Number(mobile[1])
  // iPadOS asks for desktop pages as a Mac with Safari's version; a Mac has no touch screen.
  const desktopIpad =
    /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1 ? /\bVersion\/(\d+)[.\d]*.*\bSafari\//.exec(userAgent) : null
  return desktopIpad ? Number(desktopIpad[1]) : undefined
}

/** Whether this connection uses the binary encoding: the address's `msgpack` first, then the device. */
export const wantsMsgpack = (facts: { search: string; userAgent: string; maxTouchPoints?: number }): boolean => {
  const asked = new URLSearchParams(facts.search).get('msgpack')
  if (asked === '1') return true
  if (asked === '0') return false
  return (iosMajorVersion(facts.userAgent, facts.maxTouchPoints) ?? 0) >= 15
}
