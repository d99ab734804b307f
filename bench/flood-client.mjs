// The flooding client of bench/hostile.mts and bench/flood.mts, in a process of its own so that its
// load does not run inside the bench that measures the other visitors: 100 connections (or as many
// as it is told) from one loopback address through the deploy/ topology for the given seconds. By default it posts to
// the telemetry proxy; with a path (and host) it GETs that URL. Prints its counts as one JSON line.
// Usage: node bench/flood-client.mjs <https port> <seconds> [path] [host] [from address, 127.0.0.1] [connections, 100]
import autocannon from 'autocannon';

const [portArgument, secondsArgument, path, hostArgument, localAddress = '127.0.0.1', connections = '100'] =
  process.argv.slice(2);
const [port, seconds] = [Number(portArgument), Number(secondsArgument)];
const host = hostArgument ?? `kingscross-bagberth.co.uk.localhost:${port}`;
const telemetry = { method: 'POST', body: '{}', headers: { host, 'content-type': 'text/plain' } };
const result = await autocannon({
  url: `https://127.0.0.1:${port}${path ?? '/api/monitoring-proxy?ddforward=%2Fapi%2Fv2%2Frum'}`,
  ...(path ? { headers: { host } } : telemetry),
  connections: Number(connections),
  duration: seconds,
  tlsOptions: { localAddress },
});
const refused = result.statusCodeStats?.['429']?.count ?? 0;
console.log(JSON.stringify({ total: result.requests.total, refused, rps: result.requests.average }));
