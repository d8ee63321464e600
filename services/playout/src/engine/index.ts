// The audio engine: the plan boundary and its Liquidsoap implementation.
export * from './plan';
export { LiquidsoapEngine, type LiquidsoapEngineOptions } from './engine';
export { LiquidsoapPool, type PoolOptions } from './pool';
export { EngineRecords, thisOwner, type EngineRecord, type Owner } from './records';
export { timeline, cutOf, requestUri, fallbackPlaylist, defaultTimelineOptions, type Action, type PushAction, type TimelineOptions } from './timeline';
export { parseLine, reduceAir, initialAir, type AirEvent, type AirState } from './events';
export { liquidsoapScript } from './script';
export { freePort } from './ports';
