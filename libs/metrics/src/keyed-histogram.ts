// A Prometheus histogram read by prom-client's registry, counted in plain arrays (see KeyedHistogram).

interface HistogramExport<Extra = unknown> {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: ({ metricName: string; labels: Record<string, string | number>; value: number } & Extra)[];
}

interface Series<L extends string> {
  labels: Record<L, string>;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram for a hot path. An observation lands in plain counters found by one string
 * key that the caller builds, where prom-client's `observe` checks and hashes a label object on
 * every call (about 3 µs of an authenticated request in the embedded default, even through
 * `labels()` children, which keep doing both). The registry reads it like any of its own metrics
 * (`get()`), so /metrics shows the usual `_bucket`, `_sum` and `_count` series. Label values must
 * be bounded: every key keeps a series for the life of the process.
 */
export class KeyedHistogram<L extends string> {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  readonly #series = new Map<string, Series<L>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  /** Records `value` under `key`; `labels` is called only the first time a key is seen. */
  observe(key: string, labels: () => Record<L, string>, value: number): void {
    if (!Number.isFinite(value)) return;
    let series = this.#series.get(key);
    if (!series) this.#series.set(key, (series = { labels: labels(), counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 }));
    let slot = 0;
    while (slot < this.buckets.length && value > this.buckets[slot]!) slot += 1;
    series.counts[slot] = series.counts[slot]! + 1;
    series.sum += value;
    series.count += 1;
  }

  /** Every series: its labels and how many observations it has. */
  *totals(): Iterable<{ labels: Record<L, string>; count: number }> {
    for (const series of this.#series.values()) yield { labels: series.labels, count: series.count };
  }

  /** The series as prom-client's own histograms give them (`get()`: every value with all its labels). */
  async get(): Promise<HistogramExport> {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ metricName, labels, sharedLabels, value }) => ({ metricName, labels: { ...sharedLabels, ...labels }, value })) };
  }

  /** What the registry reads for the text format: a series' labels shared, `le` per bucket (as prom-client's histograms). */
  async getForPromString(): Promise<HistogramExport<{ sharedLabels: Record<string, string> }>> {
    const values: HistogramExport<{ sharedLabels: Record<string, string> }>['values'] = [];
    for (const series of this.#series.values()) {
      let cumulative = 0;
      for (let slot = 0; slot <= this.buckets.length; slot += 1) {
        cumulative += series.counts[slot]!;
        const le = slot < this.buckets.length ? this.buckets[slot]! : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le }, sharedLabels: series.labels, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: series.labels, value: series.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.#series.clear();
  }
}
