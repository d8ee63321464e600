// POST /api/v2/uploads with the session's credentials, reporting progress (fetch cannot report an
// upload's progress; XMLHttpRequest can). Answers the detected type, format and duration.
import { i18n } from '../i18n';
import type { UploadResult } from '@airwave/contracts';
import type { z } from 'zod';
import { ApiError, storedSession } from './api';

export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<z.output<typeof UploadResult>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v2/uploads');
    const session = storedSession();
    if (session) request.setRequestHeader('authorization', `Bearer ${session.key}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new Error(i18n.t('The upload failed: the connection was lost.')));
    request.onload = () => {
      let envelope: { status?: boolean; msg?: string; data?: { code?: string } } = {};
      try {
        envelope = JSON.parse(request.responseText) as typeof envelope;
      } catch {
        // not JSON: reported below
      }
      if (request.status === 200 && envelope.status) {
        onProgress(1);
        resolve(envelope.data as unknown as z.output<typeof UploadResult>);
      } else {
        reject(new ApiError(request.status, (envelope.data?.code ?? 'internal') as never, envelope.msg ?? i18n.t('Upload refused ({{status}})', { status: request.status })));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
