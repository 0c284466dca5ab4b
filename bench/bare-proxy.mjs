// The floor of any Node reverse proxy, for `npm run bench -- server`: node:http with a keep-alive
// agent piping requests and answers, and nothing else (no checks, headers, logs or timeouts).
// With BARE_PROXY_HEADERS (a JSON array of [name, value] pairs) it also puts those headers on
// every answer: the bench passes the console's security headers, to show what they alone cost.
// Usage: node bench/bare-proxy.mjs <target origin>; prints "listening on <url>".
import http from 'node:http';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:8099');
/** @type {Array<[string, string]>} */
const extraHeaders = JSON.parse(process.env.BARE_PROXY_HEADERS ?? '[]');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const server = http.createServer((req, res) => {
  for (const [name, value] of extraHeaders) res.setHeader(name, value);
  const upstream = http.request({
    hostname: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: { ...req.headers, host: target.host },
    agent,
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`listening on http://127.0.0.1:${port}`);
});
