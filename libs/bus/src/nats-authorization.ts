// The NATS server's `authorization` block for a prefix: a user per process kind and the integrator
// (`<prefix>-<kind>`, so that stations with their own prefixes share a NATS),
// each allowed what @airwave/contracts' busAccess gives it (docs/decisions/bus-security.md). A
// password is either written in (a generated one, for a stack made here) or a reference to an
// environment variable of the NATS server (`$AIRWAVE_NATS_GATEWAY_PASSWORD`), as compose and
// Kubernetes hand them over, so that the file holds no secret.
import { randomBytes } from 'node:crypto';
import { BUS_USERS, busAccess, natsUserOf, type BusUser } from '@airwave/contracts';
import { streamName } from './subjects';

/**
 * The NATS server's environment variable holding a user's password: AIRWAVE_NATS_GATEWAY_PASSWORD
 * for the prefix `airwave`, AIRWAVE_NATS_STATION_A_GATEWAY_PASSWORD for `station-a` (one NATS,
 * several stations). Each process gets its own as NATS_PASSWORD.
 */
export function natsPasswordVariable(prefix: string, user: BusUser): string {
  const station = prefix === 'airwave' ? '' : `${prefix.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
  return `AIRWAVE_NATS_${station}${user.toUpperCase()}_PASSWORD`;
}

/**
 * A new NATS password of the form every process accepts (NATS_PASSWORD in @airwave/config): a
 * letter, then hex. The NATS server reads a `$VARIABLE` password as a config value, so one that
 * begins with a digit can turn into a number (`12e5…`) or stop the server (docs/deploy.md).
 */
export function newNatsPassword(): string {
  return `n${randomBytes(24).toString('hex')}`;
}

const quoted = (subjects: string[]) => subjects.map((s) => JSON.stringify(s)).join(', ');

/** The config text; `password(user)` gives a literal password, or undefined to refer to its variable. */
export function natsAuthorization(prefix: string, password: (user: BusUser) => string | undefined = () => undefined): string {
  const stream = streamName(prefix);
  const users = BUS_USERS.map((user) => {
    const access = busAccess(user, prefix, stream);
    const literal = password(user);
    const secret = literal === undefined ? `$${natsPasswordVariable(prefix, user)}` : JSON.stringify(literal);
    return [
      `    {`,
      `      user: ${JSON.stringify(natsUserOf(prefix, user))}, password: ${secret}`,
      `      permissions: {`,
      `        publish: { allow: [${quoted(access.publish)}] }`,
      `        subscribe: { allow: [${quoted(access.subscribe)}] }`,
      ...(access.responds ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n');
  });
  return [`# Generated from @airwave/contracts' busAccess for the prefix "${prefix}" (docs/decisions/bus-security.md).`, `authorization {`, `  users: [`, users.join('\n'), `  ]`, `}`, ''].join('\n');
}
