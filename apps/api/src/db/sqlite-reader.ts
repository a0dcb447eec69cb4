// A thread that answers the reads too long for the server's event loop (see db/sqlite.ts; there are two): at 100,000
// products a search or a list of products takes milliseconds of SQLite's work, which here holds up no other request.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { replier, Statements } from './sqlite-statements.ts';
import type { WriterData, WriterRequest } from './sqlite-writer.ts';

const port = parentPort!;
const db = new SQLite((workerData as WriterData).file, { readonly: true });
db.pragma('busy_timeout = 5000');
const statements = new Statements(db);
const { answer, fail } = replier(port);

port.on('message', (m: Extract<WriterRequest, { op: 'query' | 'close' }>) => {
  if (m.op === 'close') {
    db.close();
    answer(m.id);
    port.close();
    return;
  }
  try {
    answer(m.id, statements.run(m.sql, m.params));
  } catch (err) {
    fail(m.id, err);
  }
});

port.postMessage({ id: 0 });
