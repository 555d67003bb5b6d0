import { signOut, useSession } from '../../lib/auth'
import { ServerStatus } from './components/server-status'
import { SignInForm } from './components/sign-in-form'
import { UsersList } from './components/users-list'

/** The platform smoke page: proves API, socket, authentication and live queries end to end. */
export const SmokePage = () => {
  const session = useSession()
  return (
    <main>
      <h1>Emporia</h1>
      <ServerStatus />
      {session.status === 'signed-in' && session.user ? (
        <section aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <p data-testid="signed-in-as">Signed in as {session.user.email}</p>
          <UsersList />
          <button data-testid="logout" type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </section>
      ) : session.status === 'signed-out' ? (
        <SignInForm />
      ) : (
        <p>Restoring session…</p>
      )}
    </main>
  )
}
