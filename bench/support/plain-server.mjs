// The baseline of the ratio benchmark: a plain Fastify doing the least possible work — the premium answer's
// bytes read once from a file and sent as they are, and a plain page that fetches them and draws a table.
// Plain JavaScript, so its start is not charged a TypeScript loader the product's bundle does not pay either.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.PLAIN_BODY ?? '');
const page = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>plain</title>
<style>body{font:14px system-ui;margin:0}table{border-collapse:collapse;width:100%}td{padding:4px 8px;height:40px}</style>
</head><body><table><tbody id="rows"></tbody></table><script>
fetch('/api/v1/front/premium?limit=100').then((r) => r.json()).then((page) => {
  const rows = document.getElementById('rows');
  const html = [];
  for (const row of page.data) {
    html.push('<tr data-row-id="' + row.id + '"><td>' + row.base + '</td><td>' + row.source.exchange + '</td><td>' +
      row.source.price + '</td><td>' + row.target.exchange + '</td><td>' + row.target.price + '</td><td>' +
      (row.gapPercent ?? '') + '</td></tr>');
  }
  rows.innerHTML = html.join('');
});
</script></body></html>`;

const app = Fastify({ logger: false });
app.get('/api/v1/front/premium', (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
app.get('/premium', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`plain listening at ${address}`);
