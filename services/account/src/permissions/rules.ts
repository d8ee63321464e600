// The permission catalogue's rules: a grant may name one record (`manage_timeslots:3`), and a
// module's permissions are catalogued under its own category.

/** The base names of grants (the part before `:<id>`), each once. */
export const permissionBases = (permissions: string[]): string[] => [...new Set(permissions.map((p) => p.split(':')[0]!))];

/** The catalogue category of a module's permissions. */
export const moduleCategory = (module: string): string => `module:${module}`;

/** The catalogue rows of a module's permissions. */
export function moduleCatalogueRows(module: string, permissions: { name: string; description: string }[]) {
  return permissions.map((p) => ({ name: p.name, category: moduleCategory(module), description: p.description }));
}
