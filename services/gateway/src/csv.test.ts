// Tables as CSV: RFC 4180 as a spreadsheet reads it back, and no formula injection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvTable, fileNamePart, type CsvColumn } from './csv';

/** RFC 4180 read strictly: CRLF between records, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (i >= text.length) throw new Error('unterminated quotes');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') break;
        else field += text[i];
      }
      i++;
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
      if (i === text.length) return records;
    } else throw new Error(`expected a comma or CRLF at ${i}`);
  }
}

/** What a field holds once written, as a spreadsheet shows it (the guarding quote kept). */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('csvTable', () => {
  it('writes a header row and a row a record, CRLF after each', () => {
    const columns: CsvColumn<{ a: string; n: number | null }>[] = [
      { name: 'a', value: (r) => r.a },
      { name: 'n', numeric: true, value: (r) => r.n },
    ];
    expect(csvTable(columns, [{ a: 'x', n: 1 }, { a: 'y, "z"', n: null }])).toBe('a,n\r\nx,1\r\n"y, ""z""",\r\n');
    expect(csvTable(columns, [])).toBe('a,n\r\n');
  });

  it('guards text a spreadsheet would run as a formula, never a number', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(['+1', '-1', '@SUM(A1)', '\tx', '\rx'].map((text) => csvField(text))).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    expect(csvField(-3, true)).toBe('-3');
    expect(csvField(0.125, true)).toBe('0.125');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('reads back as the fields it was given (quotes, commas, line breaks, formulas, any text)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", '😀'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), fc.array(fc.array(fc.oneof(text, fc.string()), { minLength: 4, maxLength: 4 }), { maxLength: 6 }), (names, rows) => {
        const columns = names.map((name, i): CsvColumn<string[]> => ({ name, value: (row) => row[i]! }));
        const parsed = parseCsv(csvTable(columns, rows));
        expect(parsed).toEqual([names.map(guarded), ...rows.map((row) => row.slice(0, names.length).map(guarded))]);
      }),
    );
  });

  it('reads numbers back as numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 5 }), (numbers) => {
        const parsed = parseCsv(csvTable([{ name: 'n', numeric: true, value: (n: number) => n }], numbers));
        expect(parsed.slice(1).map(([n]) => Number(n))).toEqual(numbers.map((n) => (Object.is(n, -0) ? 0 : n)));
      }),
    );
  });
});

describe('fileNamePart', () => {
  it('keeps a name a content-disposition header can carry', () => {
    expect(fileNamePart('Heard FM')).toBe('Heard-FM');
    expect(fileNamePart('Radio Días "Sur"/Norte\r\n')).toBe('Radio-Dias-Sur-Norte');
    expect(fileNamePart('..\\..//')).toBe('player');
    expect(fileNamePart('KAWVReportFM20261101_20261130_B.txt')).toBe('KAWVReportFM20261101_20261130_B.txt');
  });
});
