// The API suites' traffic against the served document: every request the harness's HTTP helper
// (Api in harness.ts) sends and every reply it gets is checked (openapi-check.ts), and a violation
// fails the test that caused it. A request is checked when its reply is a success (a refused
// request is the server's business: its error reply is checked instead), or never where a test
// says `validateRequest: false`; replies always. AIRWAVE_OPENAPI_CHECK=0 turns the check off.
import { OpenApiCheck, type Exchange } from './openapi-check';
import type { OpenApiDocument } from './openapi-routes';

export class OpenApiViolation extends Error {
  override name = 'OpenApiViolation';
}

const enabled = () => process.env.AIRWAVE_OPENAPI_CHECK !== '0';
const success = (status: number) => status >= 200 && status < 300;

/** Fetches the served document (again when a successful route is missing: modules come and go). */
export class TrafficCheck {
  private loaded: Promise<OpenApiCheck> | undefined;

  constructor(private readonly baseUrl: string) {}

  private load(fresh = false): Promise<OpenApiCheck> {
    if (fresh || !this.loaded) {
      this.loaded = fetch(`${this.baseUrl}/api/v2/openapi.json`).then(async (response) => {
        if (response.status !== 200) throw new Error(`GET /api/v2/openapi.json answered ${response.status}`);
        return new OpenApiCheck((await response.json()) as OpenApiDocument);
      });
      this.loaded.catch(() => (this.loaded = undefined));
    }
    return this.loaded;
  }

  /** Throws an OpenApiViolation listing what the exchange does not do as the document says. */
  async verify(exchange: Exchange, options: { validateRequest?: boolean } = {}): Promise<void> {
    if (!enabled() || exchange.method === 'HEAD' || exchange.method === 'OPTIONS') return;
    let check = await this.load();
    let route = check.route(exchange.method, exchange.url);
    if (!route && success(exchange.status)) {
      check = await this.load(true);
      route = check.route(exchange.method, exchange.url);
    }
    if (!route) {
      if (success(exchange.status)) this.fail(exchange, ['the route is not in the document, yet it answered a success']);
      return;
    }
    const checkRequest = options.validateRequest ?? success(exchange.status);
    const problems = [...(checkRequest ? check.request(route, exchange) : []), ...check.reply(route, exchange)];
    if (problems.length) this.fail(exchange, problems, route.template);
  }

  private fail(exchange: Exchange, problems: string[], template?: string): never {
    const url = `${exchange.url.pathname}${exchange.url.search}`.replace(/([?&]k=)[^&]*/g, '$1…');
    throw new OpenApiViolation(
      [
        `${exchange.method} ${url} → ${exchange.status} does not match the OpenAPI document${template ? ` (${exchange.method.toLowerCase()} ${template})` : ''}:`,
        ...problems.map((problem) => `  - ${problem}`),
        ...(exchange.body ? [`  request body: ${exchange.body.slice(0, 300)}`] : []),
        `  reply: ${exchange.replyText.slice(0, 300)}`,
      ].join('\n'),
    );
  }
}

/** A fetch that checks every exchange as Api does, for other clients (openapi-fetch). */
export function checkedFetch(baseUrl: string): typeof fetch {
  const traffic = new TrafficCheck(baseUrl);
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : undefined;
    const response = await fetch(request);
    const replyText = await response.clone().text();
    const headers = Object.fromEntries(request.headers);
    await traffic.verify({ method: request.method, url: new URL(request.url), headers, ...(body ? { body } : {}), status: response.status, replyHeaders: response.headers, replyText });
    return response;
  };
}
