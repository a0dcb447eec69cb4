// npm run bench's ceiling: a bare node:http process answering the bytes the shop answered, and nothing else: no
// framework, no hooks, no headers beyond the content's type and length. PUT /<name> (header x-baseline-type) keeps
// the body under /<name>; any other request for /<name>, whatever its query or body, is answered with those bytes.
import http from 'node:http';

const answers = new Map();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const name = req.url.split('?')[0];
    if (req.method === 'PUT') {
      const body = Buffer.concat(chunks);
      answers.set(name, { type: req.headers['x-baseline-type'] ?? 'application/octet-stream', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, bytes: body.length }));
      return;
    }
    const answer = answers.get(name);
    if (!answer) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
