// The floor of any Node reverse proxy, for `npm run bench -- server`: node:http with a keep-alive
// agent piping requests and answers, and nothing else (no checks, headers, logs or timeouts).
// Usage: node bench/bare-proxy.mjs <target origin>; prints "listening on <url>".
import http from 'node:http';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:8099');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const server = http.createServer((req, res) => {
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
