// The repository's test limits, scaled to the machine's load (vitest.shared.ts).
export { default } from '../../vitest.shared';
