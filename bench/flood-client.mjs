// The flooding client of bench/hostile.mts, in a process of its own so that its load does not run
// inside the bench that measures the other visitors: 100 connections posting to the telemetry
// proxy through the deploy/ topology for the given seconds. Prints its counts as one JSON line.
// Usage: node bench/flood-client.mjs <https port> <seconds>
import autocannon from 'autocannon';

const [port, seconds] = process.argv.slice(2).map(Number);
const result = await autocannon({
  url: `https://127.0.0.1:${port}/api/monitoring-proxy?ddforward=%2Fapi%2Fv2%2Frum`,
  method: 'POST',
  body: '{}',
  headers: { host: `kingscross-bagberth.co.uk.localhost:${port}`, 'content-type': 'text/plain' },
  connections: 100,
  duration: seconds,
});
const refused = result.statusCodeStats['429']?.count ?? 0;
console.log(JSON.stringify({ total: result.requests.total, refused, rps: result.requests.average }));
