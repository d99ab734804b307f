// Issue 37 item 1 (docs/deploy.md, "Redeploy"): the next instance is stopped only once the proxy
// has had a 200 from the one just started, read from the proxy's upstream log.
import { answeredBy } from '../../deploy/local';

const line = (status: number, instance: string) =>
  JSON.stringify({ message: `GET /api/health ${status} from ${instance}`, http: { status_code: status }, instance });

describe('answeredBy, over the upstream log', () => {
  it.each([
    ['a 200 from the instance', [line(200, '127.0.0.1:3001')], true],
    ['a 200 after the other refused', [line(200, '127.0.0.1:3002, 127.0.0.1:3001')], true],
    ['a 200 from the other one', [line(200, '127.0.0.1:3002')], false],
    ['the instance asked first, the other answering', [line(200, '127.0.0.1:3001, 127.0.0.1:3002')], false],
    ['a 503 from the instance', [line(503, '127.0.0.1:3001')], false],
    ['no live instance left to ask', [line(502, '127.0.0.1:3002, next_instances')], false],
    ['a port that only starts the same', [line(200, '127.0.0.1:30010')], false],
    ['nothing logged yet, or a line cut by a rotation', ['', 'tus_code":200}'], false],
    ['one good line among others', [line(503, '127.0.0.1:3002'), line(200, '127.0.0.1:3001'), ''], true],
  ])('%s', (_, lines, expected) => {
    expect(answeredBy(lines.join('\n'), 3001)).toBe(expected);
  });
});
