// A typed client of the started server, logged in as `admin`.
import { createClient, type TypedClient } from '@airwave/client';

export async function loggedInClient(baseUrl: string, username: string, password: string): Promise<TypedClient> {
  const client = createClient({ baseUrl });
  await client.login(username, password);
  return client;
}

/** The admin password a container or stack is given: the account service asks for at least 8 characters. */
export function checkedAdminPassword(password: string): string {
  if (password.length < 8) throw new Error('withAdminPassword: at least 8 characters');
  return password;
}
