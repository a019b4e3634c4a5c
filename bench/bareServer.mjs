// The baseline: a bare node:http server answering recorded bytes (status, headers, body) by path,
// so the benchmark can put our server next to what Node itself does on this machine.
// Started with fork(); receives { routes: { [path]: { status, headers, bodyBase64 } } } and answers its port.
import { createServer } from 'node:http'

process.once('message', ({ routes }) => {
  const table = new Map(
    Object.entries(routes).map(([path, r]) => [
      path,
      { status: r.status, headers: r.headers, body: Buffer.from(r.bodyBase64, 'base64') },
    ]),
  )
  const server = createServer((req, res) => {
    const r = table.get(req.url)
    if (!r) {
      res.writeHead(404).end()
      return
    }
    // Drain any request body first, as a real handler would.
    req.resume()
    req.on('end', () => {
      res.writeHead(r.status, { ...r.headers, 'content-length': r.body.length })
      res.end(r.body)
    })
  })
  server.keepAliveTimeout = 10_000
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))
})
