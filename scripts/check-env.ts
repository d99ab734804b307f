// `npm run env:check` (and every `next build`, see next.config.js): names every bad environment
// variable at once, so a deployment learns all its mistakes in one build; the embedded defaults
// need none. Each module parses process.env with its audience's schemas as it loads.
import { EnvError } from '../src/config/parse';

const modules = [() => import('../src/config/builtEnv'), () => import('../src/config/serverEnv')];

async function main() {
  // A variable both read (the Datadog site and client token) is reported once.
  const problems = new Set<string>();
  for (const load of modules) {
    try {
      await load();
    } catch (error) {
      if (!(error instanceof EnvError)) throw error;
      error.problems.forEach((problem) => problems.add(problem));
    }
  }
  if (problems.size > 0) {
    console.error([...problems].join('\n'));
    process.exit(1);
  }
  console.log('Environment OK.');
}

void main();
