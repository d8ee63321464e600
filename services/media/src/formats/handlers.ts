// GET and POST /media/formats: the formats uploads may have.
import type { Subscription } from '@airwave/bus';
import { media } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { readFormats, writeFormats } from './queries';

export function bindFormats({ db, bus }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, media.formatsGet, async () => (await readFormats(db)) as never),
    bindOperation(bus, media.formatsSet, async (input) => {
      await writeFormats(db, input);
      return input;
    }),
  ]);
}
