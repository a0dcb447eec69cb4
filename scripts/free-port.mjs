import net from 'node:net';

/** A port on 127.0.0.1 that nothing listens on right now, for a shop the bench or Lighthouse starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
