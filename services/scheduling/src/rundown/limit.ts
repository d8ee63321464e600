// At most `n` tasks running at once; the others wait their turn, first come first served.
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(n: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
