// Stand-ins for the playout service's tests: an engine that airs nothing, and the scheduling and
// media services answered from a fixture.
export * from './fake-engine';
export * from './fake-scheduling';
