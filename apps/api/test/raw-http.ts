import net from 'node:net';

/**
 * HTTP/1.1 written by hand over a real socket, for what `inject` cannot show: whether a body arrived with its
 * headers (and so is buffered before the first hook runs) or after them.
 */

/** Writes the pieces to the port one after another (a pause between them) and returns what the server answered. */
export function send(port: number, pieces: string[], pauseMs = 30): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    // The server may close the connection before the last piece is written (a body refused early).
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('connect', async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
        socket.write(piece);
      }
    });
  });
}

/** The head of a POST with a JSON body of that length (or chunked); the connection closes after it unless told. */
export function postHead(
  url: string,
  length: number | 'chunked',
  { close = true, headers = {} }: { close?: boolean; headers?: Record<string, string> } = {},
): string {
  const lines = {
    host: 'shop',
    'content-type': 'application/json',
    ...(length === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }),
    ...(close ? { connection: 'close' } : {}),
    ...headers,
  };
  return `POST ${url} HTTP/1.1\r\n${Object.entries(lines)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
}

/** The status, headers and JSON body of one answer. */
export function parseAnswer(answer: string): { status: number; headers: Record<string, string>; json: Record<string, unknown> } {
  const [top = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = top.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(body) };
}

/**
 * Writes `head`, then `piece` every `everyMs` for as long as the server keeps the connection open, as a client
 * holding a connection with a trickle of bytes does; returns what the server answered before closing it.
 */
export function trickle(port: number, head: string, piece: string, everyMs = 100): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write(piece), everyMs);
    });
  });
}
