import { connect } from 'node:net';

/**
 * Sends raw bytes on loopback and returns the status line of the answer: the request target
 * reaches the server exactly as written (`..`, `%2e%2e`, `\`), which no URL-parsing client allows.
 */
export function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/** A `GET` of `target` with `Connection: close`, as raw bytes. */
export function rawGet(target: string, headers: Record<string, string> = {}): string {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;
}
