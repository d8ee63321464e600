// The settings the media service reads from its environment (README's configuration reference).
import { commonConfig, z } from '@airwave/config';

export const mediaConfig = {
  FFMPEG_PATH: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The ffmpeg that measures the decoded length of each audio file when it is uploaded, and of the library's older files in the background (unset: the first `ffmpeg` on the PATH; `none`: lengths from the files' headers only, which run long for MP3s).",
    ),
  MEDIA_DECODE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe("ffmpeg processes measuring media lengths at once in the media service: uploads' (they go first), and the older files' background measuring, which takes one at most."),
  MEDIA_ANALYSIS: z
    .enum(['background', 'off'])
    .default('background')
    .describe("Whether the media service analyses each audio file's loudness, true peak and cue points in the background, new files first (docs/decisions/station-sound.md); `off` leaves every item at its own level on air."),
};

const mediaEnv = z.object({ ...mediaConfig, REQUEST_TIMEOUT_MS: commonConfig.REQUEST_TIMEOUT_MS });
export type MediaEnv = z.output<typeof mediaEnv>;

/** Reads the environment (an empty variable counts as unset). */
export const readMediaEnv = (env: Record<string, string | undefined>): MediaEnv => mediaEnv.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
