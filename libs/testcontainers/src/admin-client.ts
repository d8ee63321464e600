// A typed client of the started server, logged in as `admin`.
import { createClient, type TypedClient } from '@airwave/client';

export async function loggedInClient(baseUrl: string, username: string, password: string): Promise<TypedClient> {
  const client = createClient({ baseUrl });
  await client.login(username, password);
  return client;
}
