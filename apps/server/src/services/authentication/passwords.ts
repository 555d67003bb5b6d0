import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): ~11 ms per check on
 * this machine, off the event loop (libuv pool). docs/benchmarks.md has the logins/s figure.
 */
// 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

/** Hashes from before argon2 (bcrypt) or damaged ones never match rather than throwing. */
export const verifyPassword = async (stored: string | null | undefined, password: string) => {
  if (!stored?.startsWith('$argon2')) {
    await verify(await dummyHash(), password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}

let dummy: Promise<string> | undefined
/**
 * An unknown e-mail is checked against this hash, so it costs the same time as a wrong password
 * and login timing never tells whether an account exists.
 */
export const dummyHash = () => (dummy ??= hash('emporia-no-such-account', ARGON2_OPTIONS))
