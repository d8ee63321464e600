// One attempt: the delivery's body POSTed to the webhook's URL, signed, within the timeout. A 2xx
// answer delivers it; anything else (another status, a redirect, no answer in time, no connection)
// is a failed attempt with a short reason for the log. The receiver's body is never read or kept.
import type { SignedHeaders } from './signature';

export type AttemptResult = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

const USER_AGENT = 'Airwave-Webhooks/1';

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const text = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `could not connect: ${text}`.slice(0, 300);
}

export async function postDelivery(url: string, body: string, headers: SignedHeaders, timeoutMs: number): Promise<AttemptResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status };
    const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, statusCode: response.status, error: `HTTP ${response.status}${redirect}` };
  } catch (error) {
    return { ok: false, statusCode: null, error: reasonOf(error, timeoutMs) };
  }
}
