// An upload is claimed (by a new item or a version) with the key its uploader was given; the
// media service keeps only the key's SHA-256 (hex), written by the gateway's upload route.
import { createHash, timingSafeEqual } from 'node:crypto';

const hash = (key: string) => createHash('sha256').update(key).digest();

/** Whether `fileKey` is the key whose hash the upload holds (compared in constant time). */
export const keyMatches = (fileKey: string, keyHash: string) => timingSafeEqual(hash(fileKey), Buffer.from(keyHash, 'hex'));
