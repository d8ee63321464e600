// Liquidsoap's command server, on a Unix socket only its owner may open (script.ts), one command at
// a time: a command is a line, the answer ends with a line `END`. Reconnects on the next command
// after the connection drops.
import { Socket, connect } from 'node:net';

export class LiquidsoapControl {
  private socket?: Socket;
  private buffer = '';
  private waiting: Array<(answer: string) => void> = [];
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  private open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    return new Promise((resolve, reject) => {
      const socket = connect({ path: this.path }, () => resolve(socket));
      socket.setNoDelay(true);
      socket.setEncoding('utf8');
      socket.once('error', (err) => {
        reject(err);
        socket.destroy();
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = undefined;
        for (const w of this.waiting.splice(0)) w('ERROR: connection closed');
      });
      socket.on('data', (data: string) => this.receive(data));
      this.socket = socket;
    });
  }

  private receive(data: string) {
    this.buffer += data;
    let end = this.buffer.indexOf('\r\nEND\r\n');
    while (end >= 0) {
      const answer = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 7);
      this.waiting.shift()?.(answer);
      end = this.buffer.indexOf('\r\nEND\r\n');
    }
  }

  /** Sends one command and resolves with its answer (commands are sent in order). */
  command(line: string, timeoutMs = 20_000): Promise<string> {
    const run = async () => {
      const socket = await this.open();
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`liquidsoap did not answer "${line.split(' ')[0]}"`)), timeoutMs);
        this.waiting.push((answer) => {
          clearTimeout(timer);
          resolve(answer.trim());
        });
        socket.write(`${line}\n`);
      });
    };
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** Waits until the server accepts connections. */
  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.open();
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  close() {
    this.socket?.end();
    this.socket?.destroy();
    this.socket = undefined;
  }
}
