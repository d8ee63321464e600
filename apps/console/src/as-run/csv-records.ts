// The records of the monitor's CSV, to join its pages into one file (no browser: unit-tested in
// e2e/as-run.test.ts).

/**
 * The records of an RFC 4180 text, each with its line end: a line break inside quotes belongs to
 * its field (the server quotes a field holding one).
 */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}
