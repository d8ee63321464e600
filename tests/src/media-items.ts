// Media items made through the media library (upload, then claim), for suites that need real items.
import type { Api } from './harness';

/** Uploads `bytes` and saves it as an item (approved unless `extra` says otherwise); answers its id. */
export async function makeMediaItem(api: Api, baseUrl: string, adminKey: string, bytes: Buffer, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const upload = await fetch(`${baseUrl}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${adminKey}` }, body: bytes });
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
  const saved = await api.put<{ id: number }[]>('/media', { key: adminKey, body: { media: [{ file_id, file_key, title, ...extra }] } });
  if (saved.status !== 200) throw new Error(`media save failed: ${saved.status} ${saved.text}`);
  return saved.body.data[0]!.id;
}
