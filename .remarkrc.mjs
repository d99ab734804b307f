// `npm run docs:check`: every link in the README and docs/ reaches a file of the repo, and every
// `#anchor` a heading of it. `repository: false`: links are checked against the files, not a host.
import remarkValidateLinks from 'remark-validate-links';

export default { plugins: [[remarkValidateLinks, { repository: false }]] };
