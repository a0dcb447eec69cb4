import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, dialect, freePort, getJson, startServer, type Store } from './harness.ts';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
async function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
    async close() {
      await this.cut();
    },
  };
}

describe.runIf(dialect === 'postgres')('database outage', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await store.drop();
  });

  it('answers 503 while PostgreSQL is unreachable, does not crash, and recovers by itself', async () => {
    const real = new URL(store.databaseUrl!);
    const proxy = await createProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ ...store.env, DATABASE_URL: viaProxy.toString() });
    try {
      expect((await getJson(`${server.url}/api/product/getall?limit=5`)).status).toBe(200);

      await proxy.cut();
      // Public reads may be answered from memory for up to a second; past that, every call needs the database.
      await new Promise((r) => setTimeout(r, 1200));
      const ready = await getJson(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      for (const path of ['/api/product/getall?limit=5', '/api/model/getall', '/api/appdetail/getall']) {
        const res = await getJson(`${server.url}${path}`);
        expect(res).toEqual({ status: 503, body: { success: false, message: 'Service temporarily unavailable' } });
      }
      expect(server.proc.exitCode, server.output()).toBeNull();

      await proxy.restore();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await getJson(`${server.url}/api/ready`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      const after = await getJson(`${server.url}/api/product/getall?limit=5`);
      expect(after.status).toBe(200);
      expect(after.body.success).toBe(true);
    } catch (err) {
      throw new Error(`${(err as Error).message}\nserver output:\n${server.output()}`, { cause: err });
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
      await proxy.close();
    }
  });
});
