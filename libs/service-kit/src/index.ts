export * from './operations';
export * from './service';
export * from './runtime';
export * from './process';
export * from './outbox';
export * from './outbox-relay';
export * from './module';
export * from './module-discovery';
