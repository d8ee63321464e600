// `pnpm --filter @airwave/deploy nats-conf [--prefix station-a]`: prints the NATS server's
// authorization block for a bus prefix (docs/decisions/bus-security.md), passwords referred to as
// environment variables of the NATS server. deploy/compose/nats.conf is its output for `airwave`.
import { natsAuthorization } from '@airwave/bus';

const args = process.argv.slice(2);
const at = args.indexOf('--prefix');
const prefix = at >= 0 ? args[at + 1] : 'airwave';
if (!prefix || !/^[A-Za-z0-9_-]+$/.test(prefix)) {
  process.stderr.write('--prefix: letters, digits, _ or - (the BUS_PREFIX of the station)\n');
  process.exit(2);
}
process.stdout.write(natsAuthorization(prefix));
