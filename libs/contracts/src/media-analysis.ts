// How a media item's file sounds, measured once at ingest (issue 44; docs/decisions/station-sound.md):
// its loudness, true peak and cue points, and a waveform for the console.
import { z } from 'zod';
import { Id } from './common';
import { IdList } from './media-items';
import { defineOperation } from './operation';

export const MediaAnalysis = z.object({
  media_id: z.number().int(),
  status: z.enum(['waiting', 'analysed', 'undecodable']).describe("waiting: not analysed yet (the media service analyses the library's audio in the background, new files first); undecodable: ffmpeg could not decode it (reason)"),
  integrated_lufs: z.number().nullable().describe('Integrated loudness (EBU R128), LUFS'),
  loudness_range: z.number().nullable().describe('Loudness range, LU'),
  true_peak: z.number().nullable().describe('True peak, dBTP'),
  cue_in: z.number().nullable().describe('Seconds: where its sound begins (30 LU under its loudness), or where an editor set it'),
  cue_out: z.number().nullable().describe('Seconds: where its sound ends, or where an editor set it'),
  next_start: z.number().nullable().describe('Seconds: where the next item may start over its tail (10 LU under its loudness), or where an editor set it'),
  edited: z
    .object({ cue_in: z.number().nullable(), cue_out: z.number().nullable(), next_start: z.number().nullable() })
    .describe("The cue points an editor set (null: the analysis's), kept over every later analysis of the item's file"),
  seconds: z.number().nullable().describe('Seconds of decoded audio'),
  waveform: z.array(z.number()).describe('200 peaks (0..1) of equal parts of the file; empty unless analysed'),
  reason: z.string().nullable().describe("Why it is undecodable: ffmpeg's words"),
  analysed_at: z.string().nullable().describe('When it was analysed (UTC)'),
});
export type MediaAnalysis = z.infer<typeof MediaAnalysis>;

const CueSeconds = z
  .number({ error: 'must be seconds into the file, or null' })
  .min(0, 'must be seconds into the file, or null')
  .max(86_400, 'must be seconds into the file, or null')
  .nullable()
  .optional();

export const CueEdit = z.object({
  id: Id,
  cue_in: CueSeconds.describe('Where it starts on air, seconds; null: back to the analysis\'s; absent: unchanged'),
  cue_out: CueSeconds.describe('Where it ends on air'),
  next_start: CueSeconds.describe('Where the next item starts over its tail (between the cue-in and the cue-out)'),
});
export type CueEdit = z.infer<typeof CueEdit>;

export const ItemSoundFigures = z.object({
  media_id: z.number().int(),
  status: MediaAnalysis.shape.status,
  integrated_lufs: z.number().nullable(),
  true_peak: z.number().nullable(),
});

export type ItemSoundFigures = z.infer<typeof ItemSoundFigures>;

export const AnalysisProgress = z.object({
  waiting: z.number().int().describe("Audio items whose file waits for its analysis (new files first)"),
  analysed: z.number().int().describe('Audio items whose file is analysed'),
  undecodable: z.number().int().describe('Audio items whose file ffmpeg could not decode (aired as it is)'),
});

export type AnalysisProgress = z.infer<typeof AnalysisProgress>;

export const mediaAnalysisOperations = {
  analysisProgress: defineOperation({
    subject: 'media.analysis.progress',
    input: z.object({}),
    output: AnalysisProgress,
    auth: 'user',
    http: { method: 'GET', path: '/media/analysis', summary: "The library's analysis: how many audio items wait, are analysed, could not be decoded", tag: 'Media' },
  }),
  loudnessList: defineOperation({
    subject: 'media.analysis.loudness',
    input: z.object({ ids: IdList }),
    output: z.array(ItemSoundFigures),
    auth: 'user',
    http: { method: 'GET', path: '/media/loudness', summary: "Loudness and true peak of the items given (those you may see), for a page of the library", tag: 'Media' },
  }),
  analysisGet: defineOperation({
    subject: 'media.analysis.get',
    input: z.object({ id: Id }),
    output: MediaAnalysis,
    auth: 'user',
    http: { method: 'GET', path: '/media/analysis/:id', summary: "How a media item's file sounds: loudness, true peak, cue points, waveform", tag: 'Media' },
  }),
  analysisCuesSet: defineOperation({
    subject: 'media.analysis.cues',
    input: CueEdit,
    output: MediaAnalysis,
    auth: 'user',
    http: { method: 'PUT', path: '/media/analysis/:id', summary: "Sets an item's cue points (those who may edit the item); null gives one back to the analysis", tag: 'Media' },
  }),
};
