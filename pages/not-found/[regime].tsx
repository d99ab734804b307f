import type { GetStaticPaths, GetStaticProps } from 'next';
import { shellStaticProps, type StaticShellProps } from '@/shell/errorPages';
import { SHELL_COPY } from '@/shell/shellCopy';
import { CONSENT_REGIMES, isConsentRegime, type ConsentRegime } from '@/tenancy/consentRegime';
import NotFoundPage from '../404';

type NotFoundParams = { regime: ConsentRegime };

/**
 * A tenant host's 404, in the host's consent regime: the middleware rewrites an unknown path of
 * the host here with status 404 (src/tenancy/routeRequest.ts), so an opt-out host's 404 neither
 * asks first nor purges what its landing page stored. Never served at its own URL.
 */
export const getStaticPaths: GetStaticPaths<NotFoundParams> = async ({ locales = [] }) => ({
  paths: CONSENT_REGIMES.flatMap((regime) => locales.map((locale) => ({ params: { regime }, locale }))),
  fallback: false,
});

const shellProps = shellStaticProps(SHELL_COPY);

export const getStaticProps: GetStaticProps<
  StaticShellProps & { consentRegime: ConsentRegime },
  NotFoundParams
> = async (context) => {
  const regime = context.params?.regime;
  if (!isConsentRegime(regime)) return { notFound: true };
  const shell = await shellProps(context);
  return 'props' in shell ? { ...shell, props: { ...shell.props, consentRegime: regime } } : shell;
};

export default NotFoundPage;
