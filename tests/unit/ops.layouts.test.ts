// docs/ops/*.svg are the dashboards' layouts as ops/datadog/dashboards.ts has them (npm run ops:layouts writes them).
import { readFileSync } from 'node:fs';
import { layouts } from '../../ops/datadog/layouts';

describe('the dashboard layout pictures in docs/ops', () => {
  it.each(layouts().map(({ file, svg }) => [file.split('/').pop()!, file, svg]))(
    '%s is what the code draws',
    (_, file, svg) => {
      expect(readFileSync(file, 'utf8')).toBe(svg);
    },
  );
});
