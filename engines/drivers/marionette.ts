/**
 * A minimal client of Firefox's Marionette protocol, for the one thing WebDriver BiDi cannot do
 * yet: the WebDriver virtual authenticator of WebAuthn Level 3 §11 (`WebAuthn:*` commands).
 * Messages are `<byte length>:<JSON>`; the server greets first; a command is
 * `[0, id, name, params]` and its answer `[1, id, error, result]`.
 */
import { connect, type Socket } from 'node:net';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A connected Marionette client. */
export interface MarionetteClient {
  send<T>(command: string, params: Record<string, unknown>): Promise<T>;
  close(): void;
}

/**
 * Connects to Marionette on `port` (Firefox started with `--marionette` and `marionette.port`),
 * retrying while the browser is still opening the port.
 * @param port - The `marionette.port` preference of the launched Firefox.
 * @param timeoutMs - How long to keep trying.
 */
export async function connectMarionette(
  port: number,
  timeoutMs = 15_000,
): Promise<MarionetteClient> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await open(port);
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`Marionette did not answer on port ${port}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function open(port: number): Promise<MarionetteClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let buffer = Buffer.alloc(0);
    let greeted = false;
    let nextId = 1;
    const pending = new Map<number, Pending>();

    const fail = (error: Error) => {
      for (const waiter of pending.values()) {
        waiter.reject(error);
      }
      pending.clear();
      if (!greeted) {
        reject(error);
      }
    };

    socket.on('error', fail);
    socket.on('close', () => fail(new Error('Marionette connection closed')));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const colon = buffer.indexOf(0x3a);
        if (colon < 0) {
          return;
        }
        const length = Number(buffer.subarray(0, colon).toString('ascii'));
        if (buffer.length < colon + 1 + length) {
          return;
        }
        const message = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString('utf8'));
        buffer = buffer.subarray(colon + 1 + length);
        if (!greeted) {
          greeted = true;
          resolve(client);
          continue;
        }
        const [, id, error, result] = message as [number, number, unknown, unknown];
        const waiter = pending.get(id);
        pending.delete(id);
        if (error) {
          const { error: code, message: text } = error as { error?: string; message?: string };
          waiter?.reject(new Error(`Marionette ${code ?? 'error'}: ${text ?? ''}`));
        } else {
          waiter?.resolve(result);
        }
      }
    });

    const client: MarionetteClient = {
      send<T>(command: string, params: Record<string, unknown>) {
        const id = nextId++;
        const body = Buffer.from(JSON.stringify([0, id, command, params]), 'utf8');
        return new Promise<T>((resolveCommand, rejectCommand) => {
          pending.set(id, {
            resolve: (value) => resolveCommand(value as T),
            reject: rejectCommand,
          });
          socket.write(`${body.length}:`);
          socket.write(body);
        });
      },
      close() {
        socket.removeAllListeners('close');
        socket.destroy();
      },
    };
  });
}
