export * from './operations';
export * from './service';
export * from './runtime';
export * from './process';
export * from './outbox';
export * from './module';
