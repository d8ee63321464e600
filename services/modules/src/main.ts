// Production: this service alone, against NATS_URL, DATABASE_URL and REDIS_URL.
import { runServiceProcess } from '@airwave/service-kit';
import { modulesService } from './index';

await runServiceProcess(modulesService);
