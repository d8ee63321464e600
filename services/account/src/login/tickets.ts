// The ticket between a login's two steps: a random 256-bit value handed to the client in the
// first step's 401, kept (as its SHA-256) in the session store for five minutes with the user it
// is for. It ends when used, and after five wrong codes.
import { randomBytes } from 'node:crypto';
import { AirwaveError, TWO_FACTOR_TICKET_SECONDS } from '@airwave/contracts';
import { hashSessionKey, nowSeconds, type SessionStore } from '@airwave/sessions';

export const MAX_CODES_PER_TICKET = 5;
export const NEEDS_CODE = 'Enter the code from your authenticator app: this account uses two-factor sign-in.';

export interface TicketHolder {
  userId: number;
  username: string;
}

const nameOf = (ticket: string) => `two-factor-ticket:${hashSessionKey(ticket)}`;

/** A new ticket for the user, as the first step's 401 carries it. */
export async function ticketRefusal(sessions: SessionStore, holder: TicketHolder): Promise<AirwaveError> {
  const ticket = randomBytes(32).toString('base64url');
  await sessions.putValue(nameOf(ticket), JSON.stringify(holder), TWO_FACTOR_TICKET_SECONDS);
  return new AirwaveError('unauthenticated', NEEDS_CODE, { two_factor_required: true, ticket, ticket_expiry: nowSeconds() + TWO_FACTOR_TICKET_SECONDS });
}

export async function readTicket(sessions: SessionStore, ticket: string): Promise<TicketHolder | null> {
  const stored = await sessions.getValue(nameOf(ticket));
  return stored ? (JSON.parse(stored) as TicketHolder) : null;
}

/** Counts a code tried with the ticket; false past the most a ticket allows (the ticket then ends). */
export async function codeAllowed(sessions: SessionStore, ticket: string): Promise<boolean> {
  const { count } = await sessions.hit(`${nameOf(ticket)}:codes`, TWO_FACTOR_TICKET_SECONDS);
  if (count <= MAX_CODES_PER_TICKET) return true;
  await sessions.deleteValue(nameOf(ticket));
  return false;
}

/** Ends a ticket; false when it had already ended (used at the same moment by another request). */
export const endTicket = (sessions: SessionStore, ticket: string): Promise<boolean> => sessions.deleteValue(nameOf(ticket));
