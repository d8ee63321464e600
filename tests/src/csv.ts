// A CSV file read as RFC 4180 says, strictly (a spreadsheet's reading, without its guesses): records
// end in CRLF, fields are separated by commas, a quoted field may hold commas, CR, LF and quotes
// (doubled). Anything else (a bare quote or LF, a missing final CRLF) throws.
function quotedField(text: string, from: number): { field: string; next: number } {
  let field = '';
  for (let at = from + 1; at < text.length; at++) {
    if (text[at] !== '"') field += text[at];
    else if (text[at + 1] === '"') field += text[at++];
    else return { field, next: at + 1 };
  }
  throw new Error(`unterminated quotes at ${from}`);
}

export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"') {
      const { field, next } = quotedField(text, at);
      record.push(field);
      at = next;
    } else {
      let end = at;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r') end++;
      const field = text.slice(at, end);
      if (/["\n]/.test(field)) throw new Error(`a bare quote or LF in ${JSON.stringify(field)}`);
      record.push(field);
      at = end;
    }
    if (text[at] === ',') at++;
    else if (text.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else throw new Error(`expected a comma or CRLF at ${at}`);
  }
  if (record.length) throw new Error('the last record has no CRLF');
  return records;
}
