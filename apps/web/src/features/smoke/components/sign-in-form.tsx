import { useState, type FormEvent } from 'react'
import { register, signIn } from '../../../lib/auth'

type Action = (email: string, password: string) => Promise<void>

export const SignInForm = () => {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const run = async (action: Action) => {
    setBusy(true)
    setError(undefined)
    try {
      await action(email, password)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void run(signIn)
  }

  return (
    <section aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign in</h2>
      <form onSubmit={onSubmit}>
        <input
          data-testid="login-email"
          type="email"
          autoComplete="username"
          placeholder="E-mail"
          aria-label="E-mail"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <input
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          aria-label="Password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="actions">
          <button data-testid="login-submit" type="submit" disabled={busy}>
            Sign in
          </button>
          <button
            data-testid="register-submit"
            type="button"
            disabled={busy || !email || !password}
            onClick={() => void run(register)}
          >
            Register
          </button>
        </div>
        {error && (
          <p className="error" role="alert" data-testid="auth-error">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}
