// Production: this service alone, against NATS_URL, DATABASE_URL and REDIS_URL.
import { runServiceProcess } from '@airwave/service-kit';
import { playoutService } from './index';

await runServiceProcess(playoutService);
