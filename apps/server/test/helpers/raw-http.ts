/**
 * HTTP/1.1 over a bare TCP socket, for the tests of what a client on a real network sees
 * (large-bodies.test.ts, slow-clients.test.ts): the body written in paced chunks or byte by
 * byte, every socket error kept (EPIPE, ECONNRESET), and the answer parsed as it arrived.
 */
import { connect, type Socket } from 'node:net';

/** An answer as read off the socket. */
export interface RawAnswer {
  /** The status of the final answer (after any `100 Continue`), 0 when none arrived. */
  status: number;
  /** Its header fields, names in lower case. */
  headers: Record<string, string>;
  /** Its body (Content-Length bytes when the header was given). */
  body: string;
  /** True when the body had all the bytes Content-Length announced. */
  complete: boolean;
  /** Interim answers before it (`100 Continue`), by status. */
  interim: number[];
}

/** The final answer and the interim ones in `text`, when the headers are all there. */
export function parseAnswer(text: string): RawAnswer | undefined {
  const interim: number[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...fields] = rest.slice(0, end).split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    rest = rest.slice(end + 4);
    if (status >= 100 && status < 200) {
      interim.push(status);
      continue;
    }
    const headers: Record<string, string> = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
    }
    const length = headers['content-length'];
    const wanted = length === undefined ? rest.length : Number(length);
    return {
      status,
      headers,
      body: rest.slice(0, wanted),
      complete: rest.length >= wanted,
      interim,
    };
  }
}

/** An open socket with what it read and the errors it met. */
export interface RawConnection {
  socket: Socket;
  /** Everything read so far (latin1, so byte counts hold). */
  received(): string;
  /** The socket errors so far, by code. */
  errors: string[];
  /** Resolves when the socket is closed, with the milliseconds since it was opened. */
  closed: Promise<number>;
  /** Resolves once a complete final answer has arrived (or the socket closed first). */
  answered: Promise<RawAnswer | undefined>;
}

/** Opens a connection to 127.0.0.1:`port`. */
export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((resolveOpen, rejectOpen) => {
    const socket = connect(port, '127.0.0.1');
    const opened = Date.now();
    let text = '';
    const errors: string[] = [];
    let onAnswer: (answer: RawAnswer | undefined) => void = () => {};
    const answered = new Promise<RawAnswer | undefined>((resolve) => {
      onAnswer = resolve;
    });
    const closed = new Promise<number>((resolve) => {
      socket.once('close', () => {
        onAnswer(parseAnswer(text));
        resolve(Date.now() - opened);
      });
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const answer = parseAnswer(text);
      if (answer?.complete) onAnswer(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.once('connect', () => {
      socket.off('error', rejectOpen);
      resolveOpen({ socket, received: () => text, errors, closed, answered });
    });
    socket.once('error', rejectOpen);
  });
}

/** The request line and header fields of a request, with the blank line that ends them. */
export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
): string {
  const fields = Object.entries({ host: 'localhost', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return `${method} ${path} HTTP/1.1\r\n${fields.join('')}\r\n`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `body` in chunks of `chunkBytes`, `pauseMs` apart (a link slower than the server),
 * stopping at the first socket error or close. Resolves with the bytes written.
 */
export async function writePaced(
  connection: RawConnection,
  body: Buffer,
  chunkBytes = 64 * 1024,
  pauseMs = 5,
): Promise<number> {
  const { socket } = connection;
  let written = 0;
  while (written < body.length) {
    if (socket.destroyed || connection.errors.length > 0) break;
    const chunk = body.subarray(written, written + chunkBytes);
    const ok = await new Promise<boolean>((resolve) => {
      socket.write(chunk, (error) => resolve(!error));
    });
    if (!ok) break;
    written += chunk.length;
    await pause(pauseMs);
  }
  return written;
}
