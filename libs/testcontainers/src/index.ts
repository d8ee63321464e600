// @airwave/testcontainers: Airwave in Testcontainers suites (see README.md).
export { AirwaveContainer, StartedAirwaveContainer, AIRWAVE_PORT } from './airwave-container';
export { AirwaveStack, StartedAirwaveStack, type StackPrefixes } from './airwave-stack';
export { airwaveImage, ensureImage, infrastructureImages, DEFAULT_TAG, type AirwaveImageName, type InfrastructureImages } from './images';
export { dockerHere, disableReaperWhereUnavailable, type DockerHere } from './environment';
