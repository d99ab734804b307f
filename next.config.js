const { i18n } = require('./next-i18next.config.js');

/** @type {import('next').NextConfig} */
module.exports = {
  reactStrictMode: true,
  poweredByHeader: false,
  i18n,
  compiler: { styledComponents: true },
  // `npm run typecheck` checks the whole project (tests too) before every build in `npm test`.
  typescript: { ignoreBuildErrors: true },
};
