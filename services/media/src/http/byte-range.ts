// HTTP Range for downloads: one range of bytes.

/** The one range of a `Range: bytes=…` header within a file of `total` bytes (null: the whole file). */
export function byteRange(header: string | undefined, total: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  let start = match?.[1] ? Number(match[1]) : NaN;
  let end = match?.[2] ? Number(match[2]) : total - 1;
  if (match && !match[1] && match[2]) {
    start = Math.max(0, total - Number(match[2]));
    end = total - 1;
  }
  end = Math.min(end, total - 1);
  if (!match || Number.isNaN(start) || start > end || start >= total) return 'unsatisfiable';
  return { start, end };
}
