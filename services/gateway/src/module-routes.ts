// Which module routes are live: the gateway learns the installed modules from the modules service
// and follows its announcements, so an install through any replica is live on every gateway.
import type { Bus, Subscription } from '@airwave/bus';
import { modules, type Operation } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';

const segments = (path: string) => path.replace(/^\/+|\/+$/g, '').split('/');

export class ModuleRoutes {
  private active = new Set<string>();
  private loadedAt = 0;
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly operations: Map<string, Operation[]>,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.operations.size === 0) return;
    try {
      this.subscription = await this.bus.subscribe('modules.module.*', () => {
        this.loadedAt = 0;
        void this.refresh();
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'Cannot follow module announcements; falling back to polling');
    }
    await this.refresh();
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe().catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    try {
      const names = (await this.bus.request(modules.active.subject, { input: {}, principal: null }, { timeoutMs: 2000 })) as string[];
      this.active = new Set(names);
      this.loadedAt = Date.now();
    } catch {
      // The modules service is not answering yet; try again on the next request.
    }
  }

  /** Forget the cached view; the next match asks the modules service again. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  installedOperations(): Operation[] {
    return [...this.active].flatMap((name) => this.operations.get(name) ?? []);
  }

  /** The operation of an installed module that serves `method path` (path under /api/v2). */
  async match(method: string, path: string): Promise<{ op: Operation; params: Record<string, string> } | null> {
    const name = segments(path)[0] ?? '';
    const candidates = this.operations.get(name);
    if (!candidates) return null;
    // A stale view (announcement missed) is refreshed at most every 2 s.
    if (Date.now() - this.loadedAt > 2000) await this.refresh();
    if (!this.active.has(name)) return null;
    const actual = segments(path);
    for (const op of candidates) {
      if (!op.http || op.http.method !== method) continue;
      const pattern = segments(op.http.path);
      if (pattern.length !== actual.length) continue;
      const params: Record<string, string> = {};
      const fits = pattern.every((token, i) => {
        if (token.startsWith(':')) {
          params[token.slice(1)] = decodeURIComponent(actual[i]!);
          return true;
        }
        return token === actual[i];
      });
      if (fits) return { op, params };
    }
    return null;
  }
}
