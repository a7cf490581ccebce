/** The physical limit for a link page: bare node:http sending the same cached HTML with the same headers. */
import fs from 'node:fs';
import http from 'node:http';

const html = fs.readFileSync(process.argv[2]!);
const etag = process.argv[4]!;
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', etag });
    res.end(html);
  })
  .listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
