// The two sides of a sealed principal on the bus (principal-seal.ts): the gateway's bus seals the
// principal of every request it sends; a service's bus opens the seal of every request it answers
// and hands its handlers the principal the seal holds, never the one written in the message.
import type { Bus, Headers, RequestHandler } from '@airwave/bus';
import { PRINCIPAL_HEADER, type PrincipalOpener, type PrincipalSealer } from './principal-seal';

/**
 * The bus with some methods replaced; every other one read from the bus at each use (not kept: a
 * method replaced on the bus later, as tests that count requests do, is the one called).
 */
export function withMethods(bus: Bus, replaced: Partial<Bus>): Bus {
  return new Proxy(bus, {
    get(target, property, receiver) {
      if (Object.hasOwn(replaced, property)) return replaced[property as keyof Bus];
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The principal written in a request's message, if it has one. */
const principalIn = (data: unknown): unknown => (data && typeof data === 'object' ? (data as { principal?: unknown }).principal : undefined);

/** The gateway's bus: a request with a principal carries its seal for that subject. */
export function sealingBus(bus: Bus, sealer: PrincipalSealer): Bus {
  const sealed = async (subject: string, data: unknown, headers: Headers | undefined): Promise<Headers | undefined> => {
    const principal = principalIn(data);
    if (principal === undefined || principal === null) return headers;
    return { ...headers, [PRINCIPAL_HEADER]: await sealer.seal(subject, principal as never) };
  };
  return withMethods(bus, {
    request: async (subject, data, options = {}) => bus.request(subject, data, { ...options, headers: await sealed(subject, data, options.headers) }),
    requestJson: async (subject, data, options = {}) => bus.requestJson(subject, data, { ...options, headers: await sealed(subject, data, options.headers) }),
  });
}

/**
 * A service's bus: a request with a principal is answered only when its seal holds for the
 * subject, and the handler sees the sealed principal. A request without one (principal null, or an
 * internal request with none) reaches the handler as it came.
 */
export function sealCheckingBus(bus: Bus, opener: PrincipalOpener): Bus {
  const checked =
    (subject: string, handler: RequestHandler): RequestHandler =>
    async (request) => {
      const written = principalIn(request.data);
      if (written === undefined || written === null) return handler(request);
      const principal = await opener.open(subject, request.headers[PRINCIPAL_HEADER]);
      return handler({ ...request, data: { ...(request.data as object), principal } });
    };
  return withMethods(bus, {
    handle: (subject, handler, options) => bus.handle(subject, checked(subject, handler), options),
  });
}
