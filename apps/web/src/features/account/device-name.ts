/** A short name for a browser's user agent: its browser and system, else the text itself. */
export const deviceName = (agent: string | null): string | undefined => {
  if (!agent) return undefined
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : undefined
  const system = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : undefined
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : agent.slice(0, 60)
}
