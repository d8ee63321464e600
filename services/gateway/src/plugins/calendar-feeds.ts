// The schedule as iCalendar feeds (RFC 5545) for calendar apps and a station website's widget:
// `GET /api/v2/players/{id}/schedule.ics` (a player's shows) and `GET /api/v2/account/timeslots.ics`
// (the caller's own timeslots). Calendar apps subscribe to a URL and send no headers, so besides
// every usual credential an app key may ride in the query string as `key` (the same
// `base64(id):key` token as `Authorization: Bearer`; the access log redacts it), and an app key
// must have been given the feed's endpoint like any other (docs/decisions/scheduling.md,
// "The schedule as iCalendar").
import type { Bus } from '@airwave/bus';
import { AirwaveError, authorize, schedulingCalendar, unauthenticated, type ExtraRoute, type Operation } from '@airwave/contracts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '../http-constants';
import { busHeadersOf } from './request-context';

export interface CalendarFeedsOptions {
  bus: Bus;
  requestTimeoutMs?: number | undefined;
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const ALLOWED_PARAMETERS = new Set(['key', 'i', 'k', '_']);

const keyParameter = {
  name: 'key',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description: 'An app key as `base64(<app key id>):<app key>` (the Bearer token), for calendar apps that can only subscribe to a URL. The key must be allowed this endpoint.',
};

/** The feeds as the OpenAPI document lists them. */
export const calendarFeedRoutes: ExtraRoute[] = [
  { method: 'GET', path: `${API}/players/:id/schedule.ics`, summary: "A player's shows as an iCalendar feed (RRULE, EXDATE and RECURRENCE-ID in the player's zone)", tag: 'Scheduling', contentType: 'text/calendar', auth: true, parameters: [keyParameter] },
  { method: 'GET', path: `${API}/account/timeslots.ics`, summary: 'Your own timeslots, on every player, as an iCalendar feed', tag: 'Scheduling', contentType: 'text/calendar', auth: true, parameters: [keyParameter] },
];

function feedQuery(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(query).filter((name) => !ALLOWED_PARAMETERS.has(name));
  if (unknown.length) throw new AirwaveError('bad_request', `Invalid input: unknown query parameter ${unknown[0]}`, { issues: [{ path: unknown[0], message: 'is not a parameter of this endpoint' }] });
  if (query.key !== undefined && typeof query.key !== 'string') throw new AirwaveError('bad_request', 'Invalid input: key: must be given once');
  return query;
}

const calendarFeeds: FastifyPluginCallback<CalendarFeedsOptions> = (app, { bus, requestTimeoutMs }, done) => {
  const timeout = requestTimeoutMs ? { timeoutMs: requestTimeoutMs } : {};
  const serve = (op: Operation, inputOf: (request: FastifyRequest) => Record<string, unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = feedQuery(request);
    // The URL's key is the Bearer token a calendar app cannot send; a header sent anyway wins.
    const caller = await app.identifyCaller(request, query, typeof query.key === 'string' ? query.key : undefined);
    if (!caller) throw unauthenticated();
    request.principal = caller.principal;
    authorize(op, caller.principal);
    const input = inputOf(request);
    const parsed = op.input.safeParse(input);
    if (!parsed.success) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number', { issues: [{ path: 'id', message: 'must be a positive whole number' }] });
    const text = (await bus.request(op.subject, { input, principal: caller.principal }, { headers: busHeadersOf(request), ...timeout })) as string;
    return reply.type(CALENDAR_TYPE).header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="schedule.ics"').send(text);
  };
  app.get(`${API}/players/:id/schedule.ics`, serve(schedulingCalendar.playerSchedule, (request) => ({ id: (request.params as { id: string }).id })));
  app.get(`${API}/account/timeslots.ics`, serve(schedulingCalendar.ownTimeslots, () => ({})));
  done();
};

export default fp(calendarFeeds, { name: 'airwave-calendar-feeds', dependencies: ['airwave-authentication'] });
