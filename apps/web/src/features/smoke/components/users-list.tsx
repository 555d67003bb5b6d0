import { displayName } from '../../../lib/format'
import { useUsers } from '../api/use-users'

export const UsersList = () => {
  const users = useUsers(true)
  if (users.isError) return <p className="error">Could not load users: {users.error.message}</p>
  return (
    <ul data-testid="users-list" aria-busy={users.isPending}>
      {users.data?.data.map((user) => (
        <li key={user._id} data-testid="user-row">
          {displayName(user)}
        </li>
      ))}
    </ul>
  )
}
