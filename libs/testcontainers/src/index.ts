// @airwave/testcontainers: Airwave in Testcontainers suites (see README.md).
export { AirwaveContainer, StartedAirwaveContainer, AIRWAVE_PORT } from './airwave-container';
export { AirwaveStack, StartedAirwaveStack, type StackPrefixes } from './airwave-stack';
export { AIRWAVE_IMAGE_NAMES, ON_AIR_IMAGE_NAMES, airwaveImage, ensureImage, infrastructureImages, DEFAULT_TAG, type AirwaveImageName, type InfrastructureImages } from './images';
export { dockerHere, stackImagesHere, disableReaperWhereUnavailable, type DockerHere } from './environment';
