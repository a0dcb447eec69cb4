// npm run bench's ceiling: a bare node:http process answering the bytes the shop answered, and nothing else: no
// framework, no hooks, no headers beyond the content's type and length. PUT /<name> (header x-baseline-type) keeps
// the body under /<name>; any other request for /<name>, whatever its query or body, is answered with those bytes.
//
// With --fastify, the floor of the framework the shop is built on instead: the same answers from a Fastify process
// with nothing else, sent with the headers the shop sent with them (header x-baseline-headers of the PUT, JSON) and
// a request id of its own, as the shop's.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const answers = new Map();
const keep = (name, headers, body) => {
  answers.set(name, {
    type: headers['x-baseline-type'] ?? 'application/octet-stream',
    headers: JSON.parse(headers['x-baseline-headers'] ?? '{}'),
    body,
  });
  return { success: true, bytes: body.length };
};

async function listenFastify(port) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ genReqId: () => randomUUID() });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.put('/:name', (request, reply) => {
    reply.send(keep(`/${request.params.name}`, request.headers, request.body));
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/:name',
    handler: (request, reply) => {
      const answer = answers.get(`/${request.params.name}`);
      if (!answer) return void reply.code(404).send();
      reply.header('x-request-id', request.id).headers(answer.headers).type(answer.type).send(answer.body);
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}

async function listenBare(port) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const name = req.url.split('?')[0];
      if (req.method === 'PUT') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(keep(name, req.headers, Buffer.concat(chunks))));
        return;
      }
      const answer = answers.get(name);
      if (!answer) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
    });
  });
  await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
  return () => new Promise((resolve) => server.close(resolve));
}

const close = await (process.argv.includes('--fastify') ? listenFastify : listenBare)(Number(process.env.PORT));
process.stdout.write('ready\n');
process.on('SIGTERM', () => close().then(() => process.exit(0)));
