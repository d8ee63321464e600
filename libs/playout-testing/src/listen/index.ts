// Listening tools: tones, a private Icecast, a recorder and a tone detector, for tests and
// benchmarks that check what a stream actually aired.
export * from './detect';
export * from './icecast';
export * from './record';
export * from './segments';
export * from './titles';
export * from './tones';
export * from './scenario';
export * from './sound';
