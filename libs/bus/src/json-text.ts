// A handler's reply already written as JSON text (by the database, say): sent as it is instead of
// being parsed into objects and written out again.

/** JSON text a request handler answers with; encodeReply puts it into the reply unchanged. */
export class JsonText {
  constructor(readonly text: string) {}
  /** Where the text is read as a value after all (JSON.stringify of a containing object). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
