/** A password may not be, or contain, the username. */
export function checkPasswordAgainstUsername(password: string, username: string): string | null {
  const p = password.toLowerCase();
  const u = username.toLowerCase();
  if (u.length >= 3 && p.includes(u)) return 'must not contain the username';
  return null;
}
