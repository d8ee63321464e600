// How a media item's file sounds, measured once at ingest (issue 44; docs/decisions/station-sound.md):
// its loudness, true peak and cue points, and a waveform for the console.
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';

export const MediaAnalysis = z.object({
  media_id: z.number().int(),
  status: z.enum(['waiting', 'analysed', 'undecodable']).describe("waiting: not analysed yet (the media service analyses the library's audio in the background, new files first); undecodable: ffmpeg could not decode it (reason)"),
  integrated_lufs: z.number().nullable().describe('Integrated loudness (EBU R128), LUFS'),
  loudness_range: z.number().nullable().describe('Loudness range, LU'),
  true_peak: z.number().nullable().describe('True peak, dBTP'),
  cue_in: z.number().nullable().describe('Seconds: where its sound begins (30 LU under its loudness)'),
  cue_out: z.number().nullable().describe('Seconds: where its sound ends'),
  next_start: z.number().nullable().describe('Seconds: where the next item may start over its tail (10 LU under its loudness)'),
  seconds: z.number().nullable().describe('Seconds of decoded audio'),
  waveform: z.array(z.number()).describe('200 peaks (0..1) of equal parts of the file; empty unless analysed'),
  reason: z.string().nullable().describe("Why it is undecodable: ffmpeg's words"),
  analysed_at: z.string().nullable().describe('When it was analysed (UTC)'),
});
export type MediaAnalysis = z.infer<typeof MediaAnalysis>;

export const mediaAnalysisOperations = {
  analysisGet: defineOperation({
    subject: 'media.analysis.get',
    input: z.object({ id: Id }),
    output: MediaAnalysis,
    auth: 'user',
    http: { method: 'GET', path: '/media/analysis/:id', summary: "How a media item's file sounds: loudness, true peak, cue points, waveform", tag: 'Media' },
  }),
};
