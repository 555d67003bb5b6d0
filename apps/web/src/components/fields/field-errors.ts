/** The messages under a path, keyed by the rest of their path (`skus.0.price` under `skus` is `0.price`). */
export const errorsBelow = (errors: Record<string, string> | undefined, path: string) => {
  const prefix = `${path}.`
  const below = Object.entries(errors ?? {}).filter(([key]) => key.startsWith(prefix))
  return below.length ? Object.fromEntries(below.map(([key, message]) => [key.slice(prefix.length), message])) : undefined
}
