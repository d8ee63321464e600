// Additional properties of an item: any JSON object, up to a size.
import { AirwaveError } from '@airwave/contracts';

export const PROPERTIES_MAX_BYTES = 16 * 1024;

/** The properties as stored (their JSON); 413 past PROPERTIES_MAX_BYTES. */
export function propertiesJson(properties: Record<string, unknown>): string {
  const json = JSON.stringify(properties);
  if (Buffer.byteLength(json) > PROPERTIES_MAX_BYTES) throw new AirwaveError('payload_too_large', `Properties may be at most ${PROPERTIES_MAX_BYTES} bytes of JSON.`);
  return json;
}
