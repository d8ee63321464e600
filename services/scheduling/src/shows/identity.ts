// A show's own identity: its name, description and colour in the calendar (issue 43). Each is kept
// when a save leaves it out, cleared by null or an empty text; a colour is stored in lower case.

export interface ShowIdentity {
  name?: string | null | undefined;
  description?: string | null | undefined;
  colour?: string | null | undefined;
}

const stored = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

/** The identity columns a save sets: only those sent (absent keeps the stored one). */
export function identityColumns(sent: ShowIdentity): { name?: string | null; description?: string | null; colour?: string | null } {
  const columns: { name?: string | null; description?: string | null; colour?: string | null } = {};
  if (sent.name !== undefined) columns.name = stored(sent.name);
  if (sent.description !== undefined) columns.description = stored(sent.description);
  if (sent.colour !== undefined) columns.colour = sent.colour === null ? null : sent.colour.toLowerCase();
  return columns;
}
